#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_entry.h"
#include "app/audit/audit_error.h"

namespace fleetdeck::audit {

// The newest entry: what a server's journal witnesses after a push.
struct AuditHead {
    std::int64_t seq = 0;  // 0 for an empty log
    std::string hash = kGenesisHash;
};

// What record() did.
struct AuditResult {
    std::optional<AuditError> error;
    std::int64_t seq = 0;  // the sequence number the entry got
    bool ok() const { return !error; }
};

// Where push steps go. The push records each step as it happens and calls flush() before it
// reports the push done; only then are the steps durable.
class AuditSink {
public:
    virtual ~AuditSink() = default;
    virtual AuditResult record(const AuditEvent& event) = 0;
    // Makes everything recorded so far durable (fsync).
    virtual std::optional<AuditError> flush() = 0;
    // The newest entry, for the servers' journals to witness.
    virtual std::variant<AuditHead, AuditError> head() = 0;
};

// Keeps every event in memory and seals nothing: for tests, and where a push's steps need not
// last. Its head is an empty log's (seq 0), so a push has nothing to witness. Thread-safe.
class MemoryAuditSink : public AuditSink {
public:
    AuditResult record(const AuditEvent& event) override {
        std::lock_guard lock(mutex_);
        events_.push_back(event);
        return {};
    }
    std::optional<AuditError> flush() override { return std::nullopt; }
    std::variant<AuditHead, AuditError> head() override { return AuditHead{}; }
    std::vector<AuditEvent> events() const {
        std::lock_guard lock(mutex_);
        return events_;
    }

private:
    mutable std::mutex mutex_;
    std::vector<AuditEvent> events_;
};

// Seals `entry` (fills hash and hmac from its content and prevHash) and returns its log line,
// without the newline.
std::string sealedLine(AuditEntry& entry, ChainSealer& sealer);

// The current time as the log writes it: UTC, ISO 8601 with milliseconds.
std::string nowUtcIso();

// The append-only log file (JSON Lines) with its hash chain.
//
// Every append takes an exclusive lock on the file, re-reads the newest entry under it, and writes
// one whole line with one write(), so two FleetDeck processes never interleave. A last line cut
// short by a crash is cut off by the next append, which records a `repair` entry first.
class AuditLog : public AuditSink {
public:
    struct Paths {
        std::string log;
        std::string key;
    };
    // $XDG_DATA_HOME/fleetdeck/audit/log.jsonl (QStandardPaths AppDataLocation) and the key
    // beside it, …/audit/hmac.key, unless FLEETDECK_AUDIT_KEY names another file: a key kept out of
    // the log's directory (another disk, another account's reach) is the stronger setup (docs/audit.md).
    static Paths defaultPaths();
    static constexpr char kKeyEnvironment[] = "FLEETDECK_AUDIT_KEY";

    explicit AuditLog(Paths paths);
    ~AuditLog() override;
    AuditLog(const AuditLog&) = delete;
    AuditLog& operator=(const AuditLog&) = delete;

    AuditResult record(const AuditEvent& event) override;
    // Appends several steps under one lock; the result carries the last sequence number.
    AuditResult recordAll(const std::vector<AuditEvent>& events);
    std::optional<AuditError> flush() override;
    std::variant<AuditHead, AuditError> head() override;

    const Paths& paths() const { return paths_; }
    // Replaces the clock (tests and demo logs need fixed times).
    void setClock(std::function<std::string()> nowUtc) { clock_ = std::move(nowUtc); }

private:
    struct Tail;
    std::optional<AuditError> open();
    std::variant<Tail, AuditError> readTail();
    std::variant<AuditHead, AuditError> repairTail(const Tail& tail);
    std::optional<AuditError> append(AuditEntry& entry);

    Paths paths_;
    std::function<std::string()> clock_ = nowUtcIso;
    std::mutex mutex_;
    int fd_ = -1;
    std::unique_ptr<ChainSealer> sealer_;
};

}  // namespace fleetdeck::audit
