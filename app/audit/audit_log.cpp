#include "app/audit/audit_log.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QStandardPaths>
#include <QtGlobal>

namespace fleetdeck::audit {

struct AuditLog::Tail {
    AuditHead head;                   // the newest complete entry
    off_t goodEnd = 0;                // where the complete lines end
    std::string fragment;             // bytes after the last newline (an interrupted write)
    std::optional<AuditEntry> fragmentEntry;  // the fragment, when it is a whole valid next entry
};

namespace {

AuditError ioError(AuditErrorCode code, const std::string& what, const std::string& path) {
    return AuditError{code, what + " " + path + ": " + std::strerror(errno)};
}

// Holds flock() for a scope. flock locks belong to the open file description, so two AuditLog
// objects (or two processes) exclude each other.
class FileLock {
public:
    FileLock(int fd, int operation) : fd_(fd) {
        while ((ok_ = ::flock(fd_, operation) == 0) == false && errno == EINTR) {}
    }
    ~FileLock() {
        if (ok_) ::flock(fd_, LOCK_UN);
    }
    bool ok() const { return ok_; }

private:
    int fd_;
    bool ok_ = false;
};

bool writeAll(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// The entry on `line` when its hash and HMAC are right; nullopt otherwise.
std::optional<AuditEntry> checkedEntry(const std::string& line, ChainSealer& sealer) {
    const Json object = Json::parse(line, nullptr, false);
    if (object.is_discarded()) return std::nullopt;
    auto entry = entryFromJson(object, nullptr);
    if (!entry) return std::nullopt;
    Json unsealed = object;
    unsealed.erase("hash");
    unsealed.erase("hmac");
    if (sealer.hash(canonical(unsealed), entry->prevHash) != entry->hash) return std::nullopt;
    if (sealer.hmac(entry->hash) != entry->hmac) return std::nullopt;
    return entry;
}

// A short printable excerpt of cut bytes for the repair entry.
std::string excerpt(const std::string& bytes) {
    std::string text;
    for (char c : bytes.substr(0, 120)) text += (c >= 0x20 && c < 0x7f) ? c : '?';
    return text;
}

}  // namespace

std::string nowUtcIso() {
    const auto now = std::chrono::system_clock::now();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[96];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
    return text;
}

std::string sealedLine(AuditEntry& entry, ChainSealer& sealer) {
    Json object = toJson(entry, false);
    entry.hash = sealer.hash(canonical(object), entry.prevHash);
    entry.hmac = sealer.hmac(entry.hash);
    object["hash"] = entry.hash;
    object["hmac"] = entry.hmac;
    return canonical(object);
}

AuditLog::Paths AuditLog::defaultPaths() {
    // AppDataLocation without the organization: the desktop app names one, the command line does
    // not, and both use the same files.
    const std::string dir =
        (QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName()).toStdString() + "/audit";
    const QByteArray key = qgetenv(kKeyEnvironment);
    return Paths{dir + "/log.jsonl", key.isEmpty() ? dir + "/hmac.key" : key.toStdString()};
}

AuditLog::AuditLog(Paths paths) : paths_(std::move(paths)) {}

AuditLog::~AuditLog() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<AuditError> AuditLog::open() {
    if (!sealer_) {
        // A new key only for a new log: a key missing beside a log with entries (a key kept on
        // storage that is not attached, a deleted file) must not silently start another chain.
        std::error_code sizeError;
        if (!std::filesystem::exists(paths_.key, sizeError) && std::filesystem::file_size(paths_.log, sizeError) > 0 && !sizeError)
            return AuditError{AuditErrorCode::KeyUnavailable,
                              "the audit key " + paths_.key + " is missing but the audit log " + paths_.log +
                                  " has entries: attach or restore that key (FLEETDECK_AUDIT_KEY names it), or move the "
                                  "log aside to start a new one"};
        auto key = AuditKey::loadOrCreate(paths_.key);
        if (auto* error = std::get_if<AuditError>(&key)) return *error;
        sealer_ = std::make_unique<ChainSealer>(std::get<AuditKey>(key));
    }
    // Reopen when the file was moved aside or replaced since the last append.
    struct stat onDisk {}, open {};
    if (fd_ >= 0 && (::stat(paths_.log.c_str(), &onDisk) != 0 || ::fstat(fd_, &open) != 0 ||
                     onDisk.st_ino != open.st_ino || onDisk.st_dev != open.st_dev)) {
        ::close(fd_);
        fd_ = -1;
    }
    if (fd_ >= 0) return std::nullopt;
    const std::filesystem::path dir = std::filesystem::path(paths_.log).parent_path();
    std::error_code ec;
    if (!dir.empty() && std::filesystem::create_directories(dir, ec))
        std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
    const bool existed = std::filesystem::exists(paths_.log, ec);
    fd_ = ::open(paths_.log.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd_ < 0) return ioError(AuditErrorCode::LogUnwritable, "cannot open the audit log", paths_.log);
    if (!existed && !dir.empty()) {
        // The new directory entry must survive a crash too.
        const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dirFd >= 0) {
            ::fsync(dirFd);
            ::close(dirFd);
        }
    }
    return std::nullopt;
}

std::variant<AuditLog::Tail, AuditError> AuditLog::readTail() {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return ioError(AuditErrorCode::LogUnreadable, "cannot stat the audit log", paths_.log);
    Tail tail;
    const off_t size = st.st_size;
    // Read backwards in growing chunks until the last complete line is in the buffer.
    std::string buffer;
    for (off_t chunk = 64 * 1024;; chunk *= 2) {
        const off_t start = std::max<off_t>(0, size - chunk);
        buffer.assign(static_cast<std::size_t>(size - start), '\0');
        if (::pread(fd_, buffer.data(), buffer.size(), start) != static_cast<ssize_t>(buffer.size()))
            return ioError(AuditErrorCode::LogUnreadable, "cannot read the audit log", paths_.log);
        const auto lastNewline = buffer.rfind('\n');
        const bool atStart = start == 0;
        if (lastNewline == std::string::npos && !atStart) continue;
        tail.fragment = lastNewline == std::string::npos ? buffer : buffer.substr(lastNewline + 1);
        tail.goodEnd = size - static_cast<off_t>(tail.fragment.size());
        if (lastNewline == std::string::npos) break;  // no complete line at all
        const auto lineStart = lastNewline == 0 ? std::string::npos : buffer.rfind('\n', lastNewline - 1);
        if (lineStart == std::string::npos && !atStart) continue;
        const std::size_t from = lineStart == std::string::npos ? 0 : lineStart + 1;
        const std::string line = buffer.substr(from, lastNewline - from);
        const auto entry = checkedEntry(line, *sealer_);
        if (!entry)
            return AuditError{AuditErrorCode::LogDamaged,
                              "the newest entry of the audit log " + paths_.log +
                                  " does not verify: run 'fleetdeck-cli audit verify' to see the damage, then move "
                                  "the file aside (keep it as evidence) so a new log can start"};
        tail.head = AuditHead{entry->seq, entry->hash};
        break;
    }
    if (!tail.fragment.empty()) {
        auto entry = checkedEntry(tail.fragment, *sealer_);
        if (entry && entry->seq == tail.head.seq + 1 && entry->prevHash == tail.head.hash)
            tail.fragmentEntry = std::move(entry);
    }
    return tail;
}

// Makes the file end with a newline after the last valid entry, cutting an interrupted write.
std::variant<AuditHead, AuditError> AuditLog::repairTail(const Tail& tail) {
    if (tail.fragment.empty()) return tail.head;
    if (tail.fragmentEntry) {
        // Only the newline is missing: the entry itself is whole and valid, so keep it.
        if (!writeAll(fd_, "\n")) return ioError(AuditErrorCode::LogUnwritable, "cannot append to", paths_.log);
        return AuditHead{tail.fragmentEntry->seq, tail.fragmentEntry->hash};
    }
    if (::ftruncate(fd_, tail.goodEnd) != 0)
        return ioError(AuditErrorCode::LogUnwritable, "cannot cut the incomplete last line of", paths_.log);
    AuditEntry repair;
    repair.seq = tail.head.seq + 1;
    repair.timeUtc = clock_();
    repair.prevHash = tail.head.hash;
    repair.event.op = AuditOperator::local();
    repair.event.action = AuditAction::Repair;
    repair.event.before = {{"bytes", tail.fragment.size()},
                           {"sha256", sha256Hex(tail.fragment)},
                           {"text", excerpt(tail.fragment)}};
    repair.event.message = "cut an incomplete last line of " + std::to_string(tail.fragment.size()) +
                           " bytes left by an interrupted write; entries 1-" + std::to_string(tail.head.seq) +
                           " are intact";
    if (auto error = append(repair)) return *error;
    return AuditHead{repair.seq, repair.hash};
}

std::optional<AuditError> AuditLog::append(AuditEntry& entry) {
    const std::string line = sealedLine(entry, *sealer_) + "\n";
    const off_t before = ::lseek(fd_, 0, SEEK_END);
    if (!writeAll(fd_, line)) {
        const AuditError error = ioError(AuditErrorCode::LogUnwritable, "cannot append to the audit log", paths_.log);
        // Leave no half line behind (disk full): cut back to where this entry began.
        if (before >= 0 && ::ftruncate(fd_, before) != 0) {}
        return error;
    }
    return std::nullopt;
}

AuditResult AuditLog::recordAll(const std::vector<AuditEvent>& events) {
    std::lock_guard guard(mutex_);
    if (auto error = open()) return AuditResult{error, 0};
    FileLock lock(fd_, LOCK_EX);
    if (!lock.ok()) return AuditResult{ioError(AuditErrorCode::LockFailed, "cannot lock the audit log", paths_.log), 0};
    auto tail = readTail();
    if (auto* error = std::get_if<AuditError>(&tail)) return AuditResult{*error, 0};
    auto head = repairTail(std::get<Tail>(tail));
    if (auto* error = std::get_if<AuditError>(&head)) return AuditResult{*error, 0};
    AuditHead current = std::get<AuditHead>(head);
    for (const AuditEvent& event : events) {
        AuditEntry entry;
        entry.seq = current.seq + 1;
        entry.timeUtc = clock_();
        entry.prevHash = current.hash;
        entry.event = event;
        if (!entry.event.op) entry.event.op = AuditOperator::local();
        if (auto error = append(entry)) return AuditResult{error, current.seq};
        current = AuditHead{entry.seq, entry.hash};
    }
    return AuditResult{std::nullopt, current.seq};
}

AuditResult AuditLog::record(const AuditEvent& event) {
    return recordAll({event});
}

std::optional<AuditError> AuditLog::flush() {
    std::lock_guard guard(mutex_);
    if (fd_ < 0) return std::nullopt;
    if (::fdatasync(fd_) != 0) return ioError(AuditErrorCode::LogUnwritable, "cannot sync the audit log", paths_.log);
    return std::nullopt;
}

std::variant<AuditHead, AuditError> AuditLog::head() {
    std::lock_guard guard(mutex_);
    if (auto error = open()) return *error;
    FileLock lock(fd_, LOCK_SH);
    if (!lock.ok()) return ioError(AuditErrorCode::LockFailed, "cannot lock the audit log", paths_.log);
    auto tail = readTail();
    if (auto* error = std::get_if<AuditError>(&tail)) return *error;
    const Tail& t = std::get<Tail>(tail);
    if (t.fragmentEntry) return AuditHead{t.fragmentEntry->seq, t.fragmentEntry->hash};
    return t.head;
}

}  // namespace fleetdeck::audit
