#!/usr/bin/env bash
# build-elf-pairs.sh DIR: compiles DIR/CASE/v1.{c,cpp} and v2.{c,cpp} into
# DIR/CASE/v1.so and DIR/CASE/v2.so, shared libraries with DWARF (run from
# DIR, so that the debug information names the sources CASE/v1.c, ...).
set -euo pipefail
cd "$1"
for source in */v1.c */v2.c */v1.cpp */v2.cpp; do
  [ -e "$source" ] || continue
  case "$source" in
    *.c) compiler=${CC:-gcc} ;;
    *) compiler=${CXX:-g++} ;;
  esac
  "$compiler" -g -shared -fPIC -o "${source%.*}.so" "$source"
done
