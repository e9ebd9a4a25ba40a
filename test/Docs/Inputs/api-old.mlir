api.module @geo {
  api.func @area {
    api.param "w" : "float"
    api.param "h" : "float"
  }
  api.func @legacy {
    api.param "q" : "str"
  }
  api.func @dist {
    api.param "a" : "Point"
    api.param "b" : "Point"
  }
}
