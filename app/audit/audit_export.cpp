#include "app/audit/audit_export.h"

#include <algorithm>
#include <array>

#include "app/untrusted/csv_cell.h"

namespace fleetdeck::audit {
namespace {

std::string orDash(const std::optional<std::string>& text) {
    return text && !text->empty() ? *text : "-";
}

// Characters, not bytes, so that UTF-8 text lines up.
std::size_t width(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xc0) != 0x80; }));
}

std::string clip(const std::string& text, std::size_t most) {
    if (width(text) <= most) return text;
    std::string out;
    std::size_t chars = 0;
    for (char c : text) {
        if ((c & 0xc0) != 0x80 && ++chars > most - 3) break;
        out += c;
    }
    return out + "...";
}

}  // namespace

std::string valueText(const Json& value) {
    if (value.is_null()) return "-";
    if (value.is_string()) return value.get<std::string>();
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string toCsv(const std::vector<AuditEntry>& entries) {
    std::string out =
        "seq,time_utc,operator,operator_name,host,host_address,host_key_fingerprint,action,transaction,setting,"
        "before,after,result,message,prev_hash,hash\r\n";
    for (const AuditEntry& entry : entries) {
        const AuditEvent& e = entry.event;
        const AuditOperator op = e.op.value_or(AuditOperator{});
        const std::array<std::string, 16> fields = {
            std::to_string(entry.seq),
            entry.timeUtc,
            op.account,
            op.displayName.value_or(""),
            e.host ? e.host->name : "",
            e.host ? e.host->address.value_or("") : "",
            e.host ? e.host->fingerprint.value_or("") : "",
            std::string(toString(e.action)),
            e.transaction.value_or(""),
            e.setting.value_or(""),
            e.before.is_null() ? "" : valueText(e.before),
            e.after.is_null() ? "" : valueText(e.after),
            std::string(toString(e.result)),
            e.message,
            entry.prevHash,
            entry.hash,
        };
        // Every cell through csvCell: the host's name, the agent's before/after values and its
        // message are a host's text, and a formula in them would run in the auditor's spreadsheet.
        for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + fleetdeck::csvCell(fields[i]);
        out += "\r\n";
    }
    return out;
}

std::string toJsonArray(const std::vector<AuditEntry>& entries) {
    Json array = Json::array();
    for (const AuditEntry& entry : entries) array.push_back(toJson(entry, true));
    return array.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string toTable(const std::vector<AuditEntry>& entries) {
    constexpr std::size_t kColumns = 9;
    const std::array<std::string, kColumns> header = {"SEQ",    "TIME (UTC)", "HOST",   "ACTION",  "SETTING",
                                                      "BEFORE", "AFTER",      "RESULT", "OPERATOR"};
    std::vector<std::array<std::string, kColumns>> rows;
    for (const AuditEntry& entry : entries) {
        const AuditEvent& e = entry.event;
        rows.push_back({std::to_string(entry.seq), entry.timeUtc, e.host ? e.host->name : "-",
                        std::string(toString(e.action)), orDash(e.setting), clip(valueText(e.before), 24),
                        clip(valueText(e.after), 24), std::string(toString(e.result)),
                        e.op ? e.op->account : "-"});
    }
    std::array<std::size_t, kColumns> widths{};
    for (std::size_t c = 0; c < kColumns; ++c) {
        widths[c] = width(header[c]);
        for (const auto& row : rows) widths[c] = std::max(widths[c], width(row[c]));
    }
    const auto line = [&](const std::array<std::string, kColumns>& cells) {
        std::string out;
        for (std::size_t c = 0; c < kColumns; ++c) {
            const std::string pad(widths[c] - width(cells[c]), ' ');
            if (c == 0) out += pad + cells[c];  // numbers right-aligned
            else out += "  " + cells[c] + (c + 1 < kColumns ? pad : "");
        }
        return out + "\n";
    };
    std::string out = line(header);
    for (const auto& row : rows) out += line(row);
    return out;
}

}  // namespace fleetdeck::audit
