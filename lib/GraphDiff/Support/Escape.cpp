//===- Escape.cpp - Text made safe for HTML and XML -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/Escape.h"

#include "llvm/Support/ConvertUTF.h"

using namespace llvm;

/// U+FFFD, the replacement character, in UTF-8.
static const char kReplacement[] = "\xEF\xBF\xBD";

std::string graphdiff::escapeXML(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    if (c < 0x80) {
      ++i;
      switch (c) {
      case '&':
        out += "&amp;";
        continue;
      case '<':
        out += "&lt;";
        continue;
      case '>':
        out += "&gt;";
        continue;
      case '"':
        out += "&quot;";
        continue;
      case '\t':
      case '\n':
      case '\r':
        out += c;
        continue;
      }
      if (c < 0x20 || c == 0x7F) {
        // XML cannot hold these, not even as &#...;: show them as their
        // Unicode control pictures (NUL is U+2400, DEL U+2421).
        unsigned picture = c == 0x7F ? 0x2421 : 0x2400 + c;
        out += static_cast<char>(0xE0 | (picture >> 12));
        out += static_cast<char>(0x80 | ((picture >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (picture & 0x3F));
        continue;
      }
      out += c;
      continue;
    }
    // A multi-byte character: copied if it is a character XML and HTML
    // allow, else replaced by U+FFFD: a C1 control, U+FFFE or U+FFFF as a
    // whole, and a byte that is not part of well-formed UTF-8 on its own.
    unsigned length = getNumBytesForUTF8(c);
    const auto *begin = reinterpret_cast<const UTF8 *>(text.data() + i);
    const UTF8 *next = begin;
    UTF32 point = 0;
    if (i + length > text.size() ||
        convertUTF8Sequence(&next, begin + length, &point, strictConversion) !=
            conversionOK) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (point <= 0x9F || point == 0xFFFE || point == 0xFFFF)
      out += kReplacement;
    else
      out.append(text.data() + i, length);
    i += length;
  }
  return out;
}
