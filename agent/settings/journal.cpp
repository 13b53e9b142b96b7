#include "agent/settings/journal.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <unistd.h>

#include "agent/protocol/message.h"

namespace fleetdeck::agent::settings {
namespace {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

bool is_record(const Json& r, std::string_view type, const std::string& txn) {
    return r.value("type", "") == type && r.value("txn", "") == txn;
}

}  // namespace

Problem journal_problem(const FsError& error) {
    if (error.permission())
        return {ErrorCode::PermissionDenied,
                "cannot write the journal: " + error.message +
                    ": changing settings needs root (FleetDeck runs a second agent through sudo for a push)"};
    return {ErrorCode::Internal, "cannot write the journal: " + error.message};
}

std::vector<Json> Journal::records() const {
    std::vector<Json> out;
    const auto text = fs_.read(kPath, 256u << 20);
    if (!text) return out;
    for_each_line(*text, [&](std::string_view line) {
        if (trim(line).empty()) return;
        auto record = Json::parse(line, nullptr, /*allow_exceptions=*/false);
        if (record.is_object()) out.push_back(std::move(record));
    });
    return out;
}

std::variant<std::int64_t, Problem> Journal::append(Json record) const {
    const auto all = records();
    const std::int64_t seq = all.empty() ? 1 : all.back().value("seq", std::int64_t{0}) + 1;
    record["seq"] = seq;
    record["time_ms"] = now_ms();
    if (auto error = fs_.append_durably(kPath, protocol::dump_json(record))) return journal_problem(*error);
    return seq;
}

std::vector<Json> Journal::incomplete() const {
    const auto all = records();
    std::vector<Json> open;
    for (const auto& r : all) {
        if (r.value("type", "") == "begin") open.push_back(r);
        if (r.value("type", "") == "end") {
            const std::string txn = r.value("txn", "");
            std::erase_if(open, [&](const Json& b) { return b.value("txn", "") == txn; });
        }
    }
    return open;
}

std::optional<Json> Journal::begin_of(const std::string& txn) const {
    for (const auto& r : records())
        if (is_record(r, "begin", txn)) return r;
    return std::nullopt;
}

std::optional<Json> Journal::end_of(const std::string& txn) const {
    for (const auto& r : records())
        if (is_record(r, "end", txn)) return r;
    return std::nullopt;
}

std::int64_t Journal::last_started_step(const std::string& txn) const {
    std::int64_t last = 0;
    for (const auto& r : records())
        if (is_record(r, "step", txn)) last = std::max(last, r.value("step", std::int64_t{0}));
    return last;
}

std::variant<std::unique_ptr<TransactionLock>, Problem> TransactionLock::acquire(const RootFs& fs) {
    // The journal's directory first: the lock file lives beside it.
    if (auto error = fs.create_directories("/var/lib/fleetdeck")) return journal_problem(*error);
    const std::string path = fs.path(Journal::kLockPath);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return journal_problem(FsError{errno, "cannot open " + path + ": " + std::strerror(errno)});
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return Problem{ErrorCode::Busy, "another FleetDeck transaction is running on this host; try again when it ends"};
    }
    return std::unique_ptr<TransactionLock>(new TransactionLock(fd));
}

TransactionLock::~TransactionLock() { ::close(fd_); }

std::string new_transaction_id() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    unsigned char bytes[3] = {};
    if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes)) {
        const auto n = static_cast<unsigned>(now_ms() ^ ::getpid());
        bytes[0] = n & 0xff, bytes[1] = (n >> 8) & 0xff, bytes[2] = (n >> 16) & 0xff;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "%02x%02x%02x", bytes[0], bytes[1], bytes[2]);
    return std::string(stamp) + "-" + hex;
}

}  // namespace fleetdeck::agent::settings
