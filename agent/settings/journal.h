#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// The server-side record of every change: /var/lib/fleetdeck/journal.jsonl (under --root in
// tests), one JSON object per line, each appended and fdatasync'ed before the change it announces.
// Records (docs/protocol.md, "Journal and recovery"):
//   begin   {txn, origin: apply|rollback|recovery, mode, label, rolls_back, steps: [...]}
//   step    {txn, step}            written before step `step` touches anything
//   end     {txn, status: verified|rolled_back|rollback_incomplete|recovered, failed_step, message}
//   witness {audit_seq, audit_hash} the operator's audit log head, recorded on request
// Every record gets `seq` (1, 2, ...) and `time_ms`. A torn last line (the agent died while
// writing it) is ignored: the change it would have announced was never made.
class Journal {
public:
    static constexpr const char* kPath = "/var/lib/fleetdeck/journal.jsonl";
    static constexpr const char* kLockPath = "/var/lib/fleetdeck/journal.lock";

    explicit Journal(const RootFs& fs) : fs_(fs) {}

    std::vector<Json> records() const;
    // Adds seq and time_ms, appends durably; the record's seq, or why it could not be written.
    std::variant<std::int64_t, Problem> append(Json record) const;
    // begin records that have no end record: transactions cut off by a crash or a kill.
    std::vector<Json> incomplete() const;
    std::optional<Json> begin_of(const std::string& txn) const;
    std::optional<Json> end_of(const std::string& txn) const;
    // The highest step whose step record was written (0 when none).
    std::int64_t last_started_step(const std::string& txn) const;

private:
    const RootFs& fs_;
};

// Only one transaction at a time per host: an exclusive flock on journal.lock, released when the
// holder ends (also when it is killed).
class TransactionLock {
public:
    static std::variant<std::unique_ptr<TransactionLock>, Problem> acquire(const RootFs& fs);
    ~TransactionLock();
    TransactionLock(const TransactionLock&) = delete;
    TransactionLock& operator=(const TransactionLock&) = delete;

private:
    explicit TransactionLock(int fd) : fd_(fd) {}
    int fd_;
};

// "20261129-101530-4f2a9c": time for people, random for uniqueness.
std::string new_transaction_id();
// A journal write failure as a problem: permission_denied names the need for root.
Problem journal_problem(const FsError& error);

}  // namespace fleetdeck::agent::settings
