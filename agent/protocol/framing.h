#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace fleetdeck::protocol {

inline constexpr std::size_t kMaxLineBytes = 1024 * 1024;  // 1 MiB, newline excluded

// One line taken out of a byte stream. An oversized line is not kept: the framer drops its bytes
// up to the next newline and reports only how long it was, so a peer cannot make us buffer it.
struct Frame {
    std::string line;
    bool oversized = false;
    std::size_t length = 0;  // bytes in the original line, newline excluded
};

// Splits a byte stream into newline-terminated frames (JSON Lines). Bytes are fed as they arrive,
// in any chunking; the partial line held is bounded by the line limit, and complete frames wait
// only until the caller takes them with next().
class LineFramer {
public:
    explicit LineFramer(std::size_t max_line_bytes = kMaxLineBytes) : max_(max_line_bytes) {}

    void feed(std::string_view bytes);
    std::optional<Frame> next();
    // Hands a taken frame's line back once it is read: the next line is read into its buffer
    // instead of a new one (a stream of 20 KB samples then allocates nothing per line).
    void recycle(std::string&& line);
    // True when the stream so far ends inside a line (EOF now would cut a line short).
    bool has_partial_line() const { return !current_.empty() || discarding_; }
    std::size_t max_line_bytes() const { return max_; }

private:
    std::size_t max_;
    std::string current_;
    std::string spare_;  // a recycled line's buffer, empty
    bool discarding_ = false;  // inside an oversized line, dropping bytes until '\n'
    std::size_t discarded_ = 0;
    std::deque<Frame> ready_;
};

}  // namespace fleetdeck::protocol
