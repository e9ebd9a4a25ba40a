"""Prints an lg graph that is a chain of N nodes; node K gets kind KIND."""
import sys

n, k = int(sys.argv[1]), int(sys.argv[2])
kind = sys.argv[3] if len(sys.argv) > 3 else "Op"
print("lg.graph @chain(%x: i32) -> i32 {")
prev = "%x"
for i in range(n):
    print(f'  %n{i} = lg.node @n{i} "{kind if i == k else "Op"}"({prev}) : (i32) -> i32')
    prev = f"%n{i}"
print(f"  lg.output {prev} : i32")
print("}")
