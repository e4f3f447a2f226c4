import Simulation

/// The stable codes of warnings and notes in JSON Lines (`"code"`): a program matches these,
/// never the message's words. Written out, not derived from the case names, so that renaming
/// a case cannot change a published code.
extension Warning {
  public var code: String {
    switch self {
    case .alreadyInStatus: "alreadyInStatus"
    case .noCloseButton: "noCloseButton"
    case .tipNotOnScreen: "tipNotOnScreen"
    case .inlineHasNoOutside: "inlineHasNoOutside"
    case .noButtons: "noButtons"
    case .nothingToInvalidate: "nothingToInvalidate"
    case .screenNotOpen: "screenNotOpen"
    case .screenAlreadyOpen: "screenAlreadyOpen"
    case .anchorAlready: "anchorAlready"
    case .sheetAlready: "sheetAlready"
    case .controlsNotOpen: "controlsNotOpen"
    case .tapGoesToSheet: "tapGoesToSheet"
    case .setBeforeLaunch: "setBeforeLaunch"
    case .donateBeforeLaunch: "donateBeforeLaunch"
    case .donationMissingField: "donationMissingField"
    case .nothingChangesByTime: "nothingChangesByTime"
    case .neverAvailableByTime: "neverAvailableByTime"
    case .neverAvailable: "neverAvailable"
    case .reactionLoop: "reactionLoop"
    case .reactionFailed: "reactionFailed"
    case .actionStepFailed: "actionStepFailed"
    case .apiUnavailable: "apiUnavailable"
    case .scenePhaseAlready: "scenePhaseAlready"
    case .cohortRedefined: "cohortRedefined"
    }
  }
}

extension Note {
  public var code: String {
    switch self {
    case .nowOnDevice: "nowOnDevice"
    case .sync: "sync"
    case .onScreenNow: "onScreenNow"
    case .availableNow: "availableNow"
    case .frequencyAtNextLaunch: "frequencyAtNextLaunch"
    case .cohortDefined: "cohortDefined"
    case .savedDatastore: "savedDatastore"
    case .loadedDatastore: "loadedDatastore"
    case .checkpointTaken: "checkpointTaken"
    case .checkpointRestored: "checkpointRestored"
    case .testingAtNextLaunch: "testingAtNextLaunch"
    case .presentedBinding: "presentedBinding"
    case .testingEnded: "testingEnded"
    case .nothingToUndo: "nothingToUndo"
    case .undone: "undone"
    }
  }
}
