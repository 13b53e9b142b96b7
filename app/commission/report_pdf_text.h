#pragma once

// Text a PDF reader copies and searches: Qt's PDF writer maps each embedded glyph back to a
// character through the font's character map, taking the lowest code point that maps to it. In
// Noto Sans CJK a Kangxi radical and its ideograph share one glyph (⼈ U+2F08 and 人 U+4EBA), so
// 人員, 日期 and 一輪 came out of `pdftotext` as ⼈員, ⽇期 and ⼀輪: right on the page, wrong to
// copy or find. This rewrites those maps to the ideograph.

#include <QByteArray>

namespace fleetdeck::commission {

// `pdf` with every ToUnicode map's Kangxi radicals (U+2F00–U+2FD5) read as the ideographs they
// stand for (their compatibility decomposition). The maps are replaced by an incremental update
// appended to the file (new versions of those streams, a cross-reference section for them and a
// trailer pointing back to the old one), so nothing before it moves. `pdf` as it is when it has
// no such map or is not a PDF Qt wrote.
QByteArray withIdeographsForRadicals(const QByteArray& pdf);

}  // namespace fleetdeck::commission
