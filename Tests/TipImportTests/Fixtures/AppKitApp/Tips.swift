import TipKit

struct InspectorTip: Tip {
  var title: Text { Text("Open the inspector") }
}

struct SidebarTip: Tip {
  var title: Text { Text("Drag items to the sidebar") }
}
