#include "app/commission/report_pdf_text.h"

#include <map>
#include <optional>
#include <vector>

#include <QRegularExpression>
#include <QString>
#include <zlib.h>

namespace fleetdeck::commission {
namespace {

std::optional<QByteArray> inflated(const QByteArray& data) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return std::nullopt;
    QByteArray out;
    char buffer[16384];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.constData()));
    z.avail_in = static_cast<uInt>(data.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(buffer, static_cast<qsizetype>(sizeof buffer - z.avail_out));
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END) return std::nullopt;
    return out;
}

QByteArray deflated(const QByteArray& data) {
    uLongf size = compressBound(static_cast<uLong>(data.size()));
    QByteArray out(static_cast<qsizetype>(size), Qt::Uninitialized);
    if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(data.constData()),
                  static_cast<uLong>(data.size()), Z_BEST_COMPRESSION) != Z_OK)
        return {};
    out.resize(static_cast<qsizetype>(size));
    return out;
}

// "<2F08>" → "<4EBA>": each 4-digit destination in the Kangxi Radicals block. The glyph codes
// (the first one or two numbers of a line) are subset glyph numbers, far below 0x2F00.
QByteArray unifiedMap(const QByteArray& cmap, bool* changed) {
    QList<QByteArray> lines = cmap.split('\n');
    for (QByteArray& line : lines) {
        if (!line.startsWith('<')) continue;
        const bool range = line.count('<') >= 3;  // "<lo> <hi> [<u> …]" or "<lo> <hi> <u>", else "<glyph> <u>"
        qsizetype at = 0;
        for (int token = 0; (at = line.indexOf('<', at)) >= 0; ++token, ++at) {
            if (token < (range ? 2 : 1) || at + 5 >= line.size() || line[at + 5] != '>') continue;
            bool ok = false;
            const uint code = line.mid(at + 1, 4).toUInt(&ok, 16);
            if (!ok || code < 0x2F00 || code > 0x2FD5) continue;
            const QString ideograph = QString(QChar(char16_t(code))).normalized(QString::NormalizationForm_KC);
            if (ideograph.size() != 1) continue;
            line.replace(at + 1, 4, QByteArray::number(ideograph.front().unicode(), 16).toUpper().rightJustified(4, '0'));
            *changed = true;
        }
    }
    return lines.join('\n');
}

}  // namespace

QByteArray withIdeographsForRadicals(const QByteArray& pdf) {
    // Each stream object: "N 0 obj\n<< … >>\nstream\n…\nendstream".
    static const QRegularExpression object(QStringLiteral("(\\d+) 0 obj\\s*<<([^>]*?)>>\\s*stream\\r?\\n"));
    std::map<int, QByteArray> replaced;  // object number → its new stream, deflated
    const QString latin = QString::fromLatin1(pdf);
    for (auto it = object.globalMatch(latin); it.hasNext();) {
        const auto m = it.next();
        const QString dict = m.captured(2);
        const qsizetype start = m.capturedEnd(0);
        const qsizetype end = pdf.indexOf("endstream", start);
        if (end < 0) continue;
        QByteArray data = pdf.mid(start, end - start);
        const bool flate = dict.contains(QLatin1String("/FlateDecode"));
        if (flate) {
            const auto plain = inflated(data);
            if (!plain) continue;
            data = *plain;
        }
        if (!data.contains("begincmap") || !data.contains("/Ordering (UCS)")) continue;
        bool changed = false;
        const QByteArray map = unifiedMap(data, &changed);
        if (changed) replaced[m.captured(1).toInt()] = deflated(map);
    }
    if (replaced.empty()) return pdf;

    // The old trailer's /Root and /Info, and where its cross-reference table starts.
    const qsizetype trailerAt = pdf.lastIndexOf("trailer");
    const qsizetype startxrefAt = pdf.lastIndexOf("startxref");
    if (trailerAt < 0 || startxrefAt < trailerAt) return pdf;
    const QString trailer = QString::fromLatin1(pdf.mid(trailerAt, startxrefAt - trailerAt));
    const auto field = [&trailer](const char* name) {
        const auto m = QRegularExpression(QStringLiteral("/%1\\s+(\\d+ \\d+ R|\\d+)").arg(QLatin1String(name))).match(trailer);
        return m.hasMatch() ? m.captured(1).toLatin1() : QByteArray();
    };
    const QByteArray root = field("Root"), info = field("Info"), size = field("Size");
    const auto id = QRegularExpression(QStringLiteral("/ID\\s*(\\[[^\\]]*\\])")).match(trailer);
    const QByteArray previous = pdf.mid(startxrefAt + 9).trimmed().split('\n').value(0).trimmed();
    if (root.isEmpty() || size.isEmpty() || previous.isEmpty()) return pdf;

    QByteArray out = pdf;
    if (!out.endsWith('\n')) out += '\n';
    std::vector<std::pair<int, qsizetype>> offsets;
    for (const auto& [number, stream] : replaced) {
        offsets.emplace_back(number, out.size());
        out += QByteArray::number(number) + " 0 obj\n<< /Length " + QByteArray::number(stream.size()) +
               " /Filter /FlateDecode >>\nstream\n" + stream + "\nendstream\nendobj\n";
    }
    const qsizetype xref = out.size();
    out += "xref\n";
    for (const auto& [number, offset] : offsets)
        out += QByteArray::number(number) + " 1\n" + QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    out += "trailer\n<< /Size " + size + " /Root " + root + (info.isEmpty() ? QByteArray() : " /Info " + info) +
           (id.hasMatch() ? " /ID " + id.captured(1).toLatin1() : QByteArray()) +
           " /Prev " + previous + " >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
    return out;
}

}  // namespace fleetdeck::commission
