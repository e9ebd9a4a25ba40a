lg.graph @g(%x: i32) -> i32 {
  lg.output %x : i32
}
