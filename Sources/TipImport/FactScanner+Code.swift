import SwiftSyntax

/// The context of code: which routine it is in, which conditions hold around it, and
/// whether a closure around it runs later. The app's code that runs by itself (at launch,
/// as a view appears) is read from these.
extension FactScanner {
  /// How a closure changed the context while it is walked.
  enum ClosureFrame {
    /// It is a routine of its own (`onAppear { … }`), with the context it hid.
    case routine(conditions: [CodeCondition], blocks: [Int])
    /// It runs later (a button's action).
    case deferred
    /// It runs where it is (`Task { … }`, a view builder's content); `rows`: the content of
    /// this repeated container, built once per element (`ForEach`, a `List` of data).
    case transparent(rows: String?)
  }

  func enterRoutine(_ routine: Routine) {
    var routine = routine
    routine.parent = routineStack.last
    routine.deferred = deferredStack.last
    routine.conditions = codeConditions
    routine.isPreviewOrFlagged = inPreview || !flagStack.isEmpty
    facts.routines.append(routine)
    routineStack.append(facts.routines.count - 1)
    closureFrames.append(.routine(conditions: codeConditions, blocks: blockMarks))
    codeConditions = []
    blockMarks = []
  }

  func leaveRoutine() {
    routineStack.removeLast()
    if case .routine(let conditions, let blocks)? = closureFrames.popLast() {
      codeConditions = conditions
      blockMarks = blocks
    }
  }

  // MARK: Closures

  /// SwiftUI's closures that run as a view appears or disappears.
  static let triggers: [String: Routine.Kind] = [
    "onAppear": .appear("onAppear"), "task": .appear("task"), "onDisappear": .disappear("onDisappear"),
  ]

  /// Lower-case calls whose closure runs where the call is: tasks, animations, the main
  /// queue, collection functions, a view's content. (A type's closure, `VStack { … }`, is
  /// content too, but a button's action.)
  static let runNow: Set<String> = [
    "detached", "async", "asyncAfter", "sync", "run", "withAnimation", "withTransaction", "withTaskGroup",
    "withThrowingTaskGroup", "withDiscardingTaskGroup", "addTask", "forEach", "map", "compactMap", "flatMap", "filter",
    "reduce", "sorted", "first", "contains", "allSatisfy", "withCheckedContinuation", "withCheckedThrowingContinuation",
    "toolbar", "overlay", "background", "safeAreaInset", "mask", "tabItem",
  ]

  /// Calls whose closure runs later, when the user or the system does something, worded.
  static let later: [String: String] = [
    "Button": "when the user taps", "onTapGesture": "when the user taps", "onLongPressGesture": "when the user presses",
    "onChange": "when the value changes", "onReceive": "when the publisher sends", "onSubmit": "when the user submits",
    "refreshable": "when the user refreshes", "onDelete": "when the user deletes", "onMove": "when the user moves",
    "sheet": "when the sheet is presented", "fullScreenCover": "when it is presented", "popover": "when it is presented",
    "alert": "when the alert is presented", "confirmationDialog": "when it is presented", "contextMenu": "when the user opens the menu",
    "swipeActions": "when the user swipes", "navigationDestination": "when the user navigates",
    "NavigationLink": "when the user follows the link",
    "Menu": "when the user opens the menu", "onOpenURL": "when a URL opens", "addObserver": "when the notification is posted",
    "sink": "when the publisher sends", "UIAction": "when the user acts", "addAction": "when the user acts",
    "scheduledTimer": "when the timer fires", "onKeyPress": "when the user presses a key", "onHover": "when the pointer hovers",
  ]

  /// The calls of `later` whose closure runs when the user acts.
  static let userGestures: Set<String> = [
    "Button", "onTapGesture", "onLongPressGesture", "onSubmit", "refreshable", "onDelete", "onMove", "contextMenu", "swipeActions",
    "NavigationLink", "Menu", "UIAction", "addAction", "onKeyPress",
  ]

  /// SwiftUI's types whose closures are content (views), built where they are.
  static let contentTypes: Set<String> = [
    "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "List", "ForEach",
    "Group", "Section", "ScrollView", "ScrollViewReader", "NavigationStack", "NavigationView", "NavigationSplitView", "Form",
    "GeometryReader", "TabView", "ViewThatFits", "Label", "Text", "Image", "Picker", "Toggle", "DisclosureGroup", "GroupBox",
    "ControlGroup", "ToolbarItem", "ToolbarItemGroup", "Table", "TableColumn", "WindowGroup", "Settings", "MenuBarExtra", "Window",
    "DocumentGroup", "Chart", "Map", "TimelineView", "Canvas", "AnyView", "ShareLink", "Link", "PhotosPicker", "LabeledContent",
    "ContentUnavailableView", "Gauge", "ProgressView", "Stepper", "Slider", "DatePicker", "ColorPicker", "TextField", "SecureField",
    "TextEditor", "HSplitView", "VSplitView", "TipView", "Task", "Button", "NavigationLink", "Menu",
  ]

  /// Whether a closure's statements do things (assignments, calls of functions, `Task`)
  /// rather than build views (a type's initializer, `if` of views): an action, not content.
  static func runsCode(_ closure: ClosureExprSyntax) -> Bool {
    var effects = 0
    var views = 0
    func count(_ items: CodeBlockItemListSyntax, depth: Int) {
      for item in items {
        if let expression = item.item.as(ExprSyntax.self) {
          if let branch = expression.as(IfExprSyntax.self), depth < 3 {
            count(branch.body.statements, depth: depth + 1)
            if case .codeBlock(let block)? = branch.elseBody { count(block.statements, depth: depth + 1) }
          } else if expression.is(SequenceExprSyntax.self) || expression.is(AwaitExprSyntax.self) || expression.is(TryExprSyntax.self) {
            effects += 1
          } else if let call = expression.as(FunctionCallExprSyntax.self) {
            // `Text("x").hint(tip)` builds a view; `model.save()`, `export()`, `Task { }`,
            // `PickTip.picked.sendDonation()` run code.
            if let root = FactScanner.root(of: ExprSyntax(call)), root.called, root.name.first?.isUppercase == true, root.name != "Task" {
              views += 1
            } else {
              effects += 1
            }
          } else {
            views += 1
          }
        }
      }
    }
    count(closure.statements, depth: 0)
    return effects > 0 && views == 0
  }

  /// The name a chain of calls and members starts from, and whether it is called there:
  /// `Text` (called) of `Text("x").bold()`, `model` of `model.save()`, `PickTip` of
  /// `PickTip.picked.sendDonation()`; nil for an implicit member (`.init`) or anything else.
  static func root(of expression: ExprSyntax) -> (name: String, called: Bool)? {
    var current = expression
    var called = false
    while true {
      if let call = current.as(FunctionCallExprSyntax.self) {
        current = call.calledExpression
        called = true
      } else if let member = current.as(MemberAccessExprSyntax.self) {
        guard let base = member.base else { return nil }
        current = base
        called = false
      } else if let reference = current.as(DeclReferenceExprSyntax.self) {
        return (reference.baseName.text, called)
      } else if let generic = current.as(GenericSpecializationExprSyntax.self) {
        current = generic.expression
      } else {
        return nil
      }
    }
  }

  /// The repeated container the code is in (`ForEach`, a `List` of data), if any.
  var rowContainer: String? {
    for frame in closureFrames.reversed() {
      switch frame {
      case .transparent(let rows?): return rows
      case .routine, .deferred: return nil
      default: continue
      }
    }
    return nil
  }

  func enter(closure node: ClosureExprSyntax) {
    let (call, label) = FactScanner.call(around: node)
    let name = call.flatMap { FactScanner.lastName(of: $0.calledExpression)?.text }
    if let name, let kind = FactScanner.triggers[name], label == nil || label == "perform" {
      // At the modifier's name: `.task`'s expression starts where the view it modifies does.
      let at = call?.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)
      // A row's appear code (inside `ForEach`, a `List` of data) runs as that row appears,
      // not as the screen does: an action of its own.
      if let container = rowContainer {
        deferredStack.append(
          Deferral(
            words: "as a row of \(container) appears (.\(name))", name: "\(container)_row_\(name)", position: position(at),
            isUserAction: false))
        enterRoutine(Routine(kind: kind, type: currentType, position: position(at)))
        rowRoutines.insert(routineStack.count)
        return
      }
      enterRoutine(Routine(kind: kind, type: currentType, position: position(at)))
      return
    }
    let frame: ClosureFrame
    if let call, let name {
      // A view's content (`VStack { … }`) and `Task { … }` run where they are; a button's
      // action and a closure handed to other code run later.
      let isAction =
        name == "Button" && (label == "action" || label == nil && call.trailingClosure?.id == node.id)
        || (name == "NavigationLink" || name == "Menu") && label != "label"
          && !call.arguments.contains { $0.label?.text == "destination" }
        || name == "UIAction"
      // A closure handed to a type of the app's own (`QuizModeButton { tip.donate() }`,
      // `ResultsList(onSelect: { … })`) that runs code rather than building views: the type
      // calls it later, when the code read does not show.
      let handsCode =
        name.first?.isUppercase == true && !isAction && !FactScanner.contentTypes.contains(name) && FactScanner.runsCode(node)
      // The action handler of a tip's own view runs when the user taps one of its actions.
      let tipAction = (name == "popoverTip" || name == "TipView") && (label == nil || label == "action")
      let runsLater =
        !FactScanner.runNow.contains(name) && (name.first?.isUppercase == true ? isAction || handsCode || tipAction : true)
      if tipAction {
        let display = call.calledExpression.as(MemberAccessExprSyntax.self).map { position($0.declName) } ?? position(call)
        deferredStack.append(
          Deferral(
            words: "when the user taps one of the tip's actions (\(name) at \(display.fileLine))", name: name + "_action",
            position: position(node), isUserAction: true, tipActionOf: display))
        frame = .deferred
      } else if handsCode {
        let passed = label.map { "passed as \($0)" } ?? "passed to it"
        deferredStack.append(
          Deferral(
            words: "when \(name) calls the closure \(passed)", name: name + "_" + (label ?? "closure"), position: position(node),
            isUserAction: false))
        frame = .deferred
      } else if !runsLater {
        let repeats = name == "ForEach" || name == "List" && call.arguments.contains { !$0.expression.is(ClosureExprSyntax.self) }
        frame = .transparent(rows: repeats ? name : nil)
      } else if let words = FactScanner.later[name] {
        let argument = call.arguments.first.map { source($0.expression) } ?? ""
        let subject = name.first?.isUppercase == true ? "\(name)(\(argument))" : "(.\(name))"
        let label = name.first?.isUppercase == true ? name + "_" + argument : name
        deferredStack.append(
          Deferral(
            words: "\(words) \(subject)", name: label, position: position(node), isUserAction: FactScanner.userGestures.contains(name)))
        frame = .deferred
      } else {
        deferredStack.append(
          Deferral(words: "a closure passed to \(name) runs later", name: name, position: position(node), isUserAction: false))
        frame = .deferred
      }
    } else if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
      let stored = source(binding.pattern)
      deferredStack.append(
        Deferral(words: "a closure stored in \(stored) runs when it is called", name: stored, position: position(node), isUserAction: false)
      )
      frame = .deferred
    } else {
      frame = .transparent(rows: nil)
    }
    closureFrames.append(frame)
  }

  func leave(closure node: ClosureExprSyntax) {
    switch closureFrames.last {
    case .routine?:
      if rowRoutines.remove(routineStack.count) != nil { deferredStack.removeLast() }
      leaveRoutine()
    case .deferred?:
      closureFrames.removeLast()
      deferredStack.removeLast()
    case .transparent?: closureFrames.removeLast()
    case nil: break
    }
  }

  /// The call a closure is an argument of, and the argument's label (nil for a trailing
  /// closure or an unlabelled argument).
  static func call(around closure: ClosureExprSyntax) -> (FunctionCallExprSyntax?, String?) {
    if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id != closure.id { return (call, nil) }
    if let argument = closure.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
      return (call, argument.label?.text)
    }
    if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
      let call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
    {
      return (call, element.label.text)
    }
    return (nil, nil)
  }
}
