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
    PolledFile() = default;  // reads nothing
    PolledFile(const RootFs& fs, std::string_view absolute);
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

    std::string path_;  // with the root prefix; empty for a default-constructed file
    int fd_ = -1;
};

}  // namespace fleetdeck::agent
