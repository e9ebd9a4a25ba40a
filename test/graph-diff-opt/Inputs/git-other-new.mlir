lg.graph @g(%x: i32) -> i32 {
  %y = lg.node @n "N"(%x) : (i32) -> i32
  lg.output %y : i32
}
