#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <QDateTime>
#include <QString>

#include <nlohmann/json.hpp>

namespace fleetdeck {

// One step of a push, as the audit log records it.
struct PushAuditEvent {
    enum class Kind {
        Plan,      // what a host would change (dry run, or the plan a push starts from)
        Apply,     // a host's transaction started
        Verify,    // a setting was written and read back equal
        Rollback,  // a setting was restored (transaction rolled back, or a past push rolled back)
        Failure,   // a host or a setting failed; message says why
        Recovery,  // the host's agent rolled back an unfinished transaction when it started
    };
    Kind kind = Kind::Plan;
    QDateTime time;
    QString pushId;   // one per push (all hosts)
    QString host;
    QString txn;      // the agent's transaction id; empty when none
    QString setting;  // catalogue id; empty for host-level events
    nlohmann::json before;
    nlohmann::json after;
    QString result;   // "verified", "rolled_back", "failed", "unchanged", "skipped", ...
    QString message;
};

QString toString(PushAuditEvent::Kind kind);

// The newest entry of the log a push writes: what each host's journal witnesses afterwards.
struct PushAuditHead {
    std::int64_t seq = 0;
    std::string hash;
};

// Where push steps go: the audit log implements this. Called from the push's thread, so
// implementations must be thread-safe.
class PushAuditSink {
public:
    virtual ~PushAuditSink() = default;
    virtual void record(const PushAuditEvent& event) = 0;
    // Makes every step recorded so far durable (fsync) and returns the log's newest entry for the
    // host's journal to witness. nullopt when this sink keeps no log; a failure sets `problem` to
    // a sentence saying what to do. A push calls it before it reports a host, or itself, done.
    virtual std::optional<PushAuditHead> seal(QString* problem) {
        (void)problem;
        return std::nullopt;
    }
};

class NullPushAuditSink : public PushAuditSink {
public:
    void record(const PushAuditEvent&) override {}
};

// Keeps every event in memory: for tests, and for the progress dialog's details.
class MemoryPushAuditSink : public PushAuditSink {
public:
    void record(const PushAuditEvent& event) override {
        std::lock_guard lock(mutex_);
        events_.push_back(event);
    }
    std::vector<PushAuditEvent> events() const {
        std::lock_guard lock(mutex_);
        return events_;
    }

private:
    mutable std::mutex mutex_;
    std::vector<PushAuditEvent> events_;
};

}  // namespace fleetdeck
