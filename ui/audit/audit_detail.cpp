#include "ui/audit/audit_detail.h"

#include <QObject>

namespace fleetdeck {
namespace {

QString esc(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

QString valueHtml(const audit::Json& value) {
    if (value.is_null()) return QStringLiteral("<i>%1</i>").arg(QObject::tr("none"));
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump(2, ' ', false, audit::Json::error_handler_t::replace);
    return QStringLiteral("<pre style='margin:0'>%1</pre>").arg(esc(text));
}

QString row(const QString& label, const QString& html) {
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>").arg(label, html);
}

}  // namespace

QString auditDetailHtml(const audit::AuditEntry& entry, const QString& integrity) {
    const audit::AuditEvent& e = entry.event;
    QString html = QStringLiteral("<h3 style='margin:0'>%1 · %2 · %3</h3>")
                       .arg(QObject::tr("Entry %1").arg(entry.seq))
                       .arg(esc(std::string(audit::toString(e.action))), esc(std::string(audit::toString(e.result))).replace(QLatin1Char('_'), QLatin1Char(' ')));
    html += QStringLiteral("<table cellspacing='2'>");
    html += row(QObject::tr("Time (UTC)"), esc(entry.timeUtc));
    if (e.op)
        html += row(QObject::tr("Operator"), e.op->displayName ? esc(*e.op->displayName) + " (" + esc(e.op->account) + ")"
                                                               : esc(e.op->account));
    if (e.host)
        html += row(QObject::tr("Host"), esc(e.host->name) + (e.host->address ? " — " + esc(*e.host->address) : QString()) +
                                             "<br>" + QObject::tr("host key: ") +
                                             (e.host->fingerprint ? esc(*e.host->fingerprint) : QObject::tr("none (local or simulated host)")));
    else
        html += row(QObject::tr("Host"), QObject::tr("none — this entry is about the log itself"));
    html += row(QObject::tr("Transaction"), e.transaction ? esc(*e.transaction) : QObject::tr("none"));
    html += row(QObject::tr("Setting"), e.setting ? esc(*e.setting) : QObject::tr("none"));
    html += row(QObject::tr("Message"), esc(e.message));
    html += QStringLiteral("</table>");
    html += QStringLiteral("<table cellspacing='0' cellpadding='6' border='1' style='border-collapse:collapse;margin-top:6px'>"
                           "<tr><th align='left'>%1</th><th align='left'>%2</th></tr><tr><td valign='top'>%3</td><td valign='top'>%4</td></tr></table>")
                .arg(QObject::tr("Before"), QObject::tr("After"), valueHtml(e.before), valueHtml(e.after));
    html += QStringLiteral("<p style='margin-top:6px'><b>%1</b> %2<br><tt>hash %3<br>prev %4</tt></p>")
                .arg(QObject::tr("Integrity:"), integrity.toHtmlEscaped(), esc(entry.hash), esc(entry.prevHash));
    return html;
}

}  // namespace fleetdeck
