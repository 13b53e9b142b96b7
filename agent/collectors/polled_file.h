#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "agent/root_fs.h"

namespace fleetdeck::agent {

// A /proc or /sys file that a collector reads on every sample. It stays open between samples and
// is re-read from offset 0, which makes the kernel produce a fresh value (seq_file and sysfs reset
// on a read at offset 0): one pread per sample instead of a path walk, open, read, read, close.
// Only a budget of files (half the soft RLIMIT_NOFILE, process-wide) is kept open; beyond it a
// file is opened for each read, so a very large host cannot run the agent out of descriptors.
class PolledFile {
public:
    // How the end of the file shows. A read that returns less than asked has reached the end for
    // a regular file (a recorded tree) and a sysfs attribute, which is why read() normally needs one
    // pread, not a second one that returns 0. A procfs seq_file stops a read short also when its
    // kernel buffer (at least a page) has no room for the next record, so there a short read is the
    // end only when it left more than a record's room in the page — unless the file is one record,
    // produced whole (single_open: /proc/stat, /proc/meminfo), which the caller says with OneRecord.
    enum class Shape { Records, OneRecord };

    PolledFile() = default;  // reads nothing
    PolledFile(const RootFs& fs, std::string_view absolute, Shape shape = Shape::Records);
    ~PolledFile();
    PolledFile(PolledFile&& other) noexcept;
    PolledFile& operator=(PolledFile&& other) noexcept;
    PolledFile(const PolledFile&) = delete;
    PolledFile& operator=(const PolledFile&) = delete;

    // The whole file into `out` (its capacity is reused between samples); false when unreadable.
    bool read(std::string& out) const;
    // The first line without surrounding whitespace, for short attributes ("up", "4: ACTIVE").
    std::optional<std::string> read_line() const;
    std::optional<std::int64_t> read_int() const;

private:
    void close();
    bool short_read_ends(std::size_t got) const;

    std::string path_;  // with the root prefix; empty for a default-constructed file
    int fd_ = -1;
    bool whole_ = false;  // any short read is the end (see Shape); set once the file is open
};

}  // namespace fleetdeck::agent
