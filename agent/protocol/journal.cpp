#include "agent/protocol/journal.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

std::optional<std::int64_t> JournalPage::last_entry_seq() const {
    if (entries.empty()) return std::nullopt;
    const auto seq = entries.back().find("seq");
    if (seq == entries.back().end() || !seq->is_number_integer()) return std::nullopt;
    return seq->get<std::int64_t>();
}

Json to_json(const JournalPage& page) {
    return {{"entries", page.entries}, {"last_seq", or_null(page.last_seq)}, {"path", or_null(page.path)}};
}

JournalPage journal_page_from_json(const Json& result, const std::string& path) {
    const ParamReader r(result, path);
    JournalPage out;
    for (const ParamReader& e : r.objects("entries")) {
        e.optional_integer("seq");
        e.optional_integer("time_ms");
        e.optional_string("type");
        e.optional_string("time");
        e.optional_integer("audit_seq");
        e.optional_string("audit_hash");
        if (e.has("audit_head")) {
            const ParamReader head = e.object("audit_head");
            head.optional_integer("seq");
            head.optional_string("hash");
        }
        out.entries.push_back(e.json());
    }
    out.last_seq = r.optional_integer("last_seq");
    out.path = r.optional_string("path");
    return out;
}

}  // namespace fleetdeck::protocol
