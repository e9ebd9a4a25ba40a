api.module @geo {
  api.func @surface {
    api.param "w" : "float"
    api.param "h" : "float"
  }
}
api.module @metric {
  api.func @dist {
    api.param "a" : "Point"
    api.param "b" : "Point"
  }
}
