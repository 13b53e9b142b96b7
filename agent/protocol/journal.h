#pragma once

// The answer to journal.read (docs/protocol.md, "### `journal.read`"), typed.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

struct JournalPage {
    // The journal's records after `after_seq`, as written (begin, step, end, witness, ...): each an
    // object whose keys the app reads (seq, time_ms, type, time, audit_seq, audit_hash,
    // audit_head.seq/hash) are checked when decoded.
    std::vector<nlohmann::json> entries;
    std::optional<std::int64_t> last_seq;  // the newest record's seq in the whole journal
    std::optional<std::string> path;       // where the journal lives on the host

    // The seq of this page's last entry: where the next page starts.
    std::optional<std::int64_t> last_entry_seq() const;
};

nlohmann::json to_json(const JournalPage& page);
// Throws DecodeError naming the path that broke ("result.entries[3].seq: expected integer").
JournalPage journal_page_from_json(const nlohmann::json& result, const std::string& path = "result");

}  // namespace fleetdeck::protocol
