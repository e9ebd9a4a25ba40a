# Writes OUTPUT, a C++ header holding each file of INPUTS (NAME=PATH entries
# separated by |) as `static constexpr const char NAME[]`, so that the renderers
# carry their web assets without reading files at run time.
set(text "// Generated from lib/GraphDiff/Renderers/assets by Embed.cmake: do not edit.\n")
string(REPLACE "|" ";" inputs "${INPUTS}")
foreach(entry IN LISTS inputs)
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 name)
  list(GET parts 1 path)
  file(READ "${path}" content)
  string(FIND "${content}" ")gdasset\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains the raw-string delimiter )gdasset\"")
  endif()
  string(APPEND text "static constexpr const char ${name}[] = R\"gdasset(${content})gdasset\";\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "${text}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
