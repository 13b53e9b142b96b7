#pragma once

// A JSON reader over one line of text, for decoders that read a message straight into its struct
// instead of building nlohmann's tree first (sample_text_reader.cpp, probe_text_reader.cpp). It
// accepts a subset of what nlohmann's parser accepts and reads every value to what nlohmann would
// make of it; on anything else — text nlohmann refuses, and what it reads in ways this reader does
// not follow (integers past int64, numbers that underflow, a byte order mark) — it gives up (throws
// JsonTextReader::GiveUp), and the caller decodes the line through the tree instead. Values are
// held to caps the way the app's checkBounds holds a tree.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "agent/protocol/message.h"
#include "agent/protocol/text_bounds.h"

namespace fleetdeck::protocol {

class JsonTextReader {
public:
    struct GiveUp {};

    // `caps` count depth from the first object or array read with object() or array() (depth 0);
    // brackets read with expect() or line_object() around it are not counted.
    JsonTextReader(std::string_view text, const TextBounds& caps)
        : at_(text.data()), end_(text.data() + text.size()), caps_(caps),
          // A line nesting deeper than kMaxNestingDepth is unreadable to decode_message; the value
          // the caps count from sits one level inside the line.
          max_depth_(std::min(caps.max_depth, kMaxNestingDepth - 1)) {}

    [[noreturn]] static void give_up() { throw GiveUp{}; }

    char peek() {
        skip_space();
        if (at_ == end_) give_up();
        return *at_;
    }
    bool consume(char c) {
        if (peek() != c) return false;
        ++at_;
        return true;
    }
    void expect(char c) {
        if (!consume(c)) give_up();
    }
    void expect_end() {
        skip_space();
        if (at_ != end_) give_up();
    }

    // Members of an object: `member(key)` reads each value. The key's view lives until the next
    // key is read.
    template <class F>
    void object(F&& member) {
        enter();
        expect('{');
        if (!consume('}')) {
            std::size_t keys = 0;
            do {
                if (++keys > caps_.max_object_keys) give_up();
                const std::string_view key = string(key_scratch_);
                expect(':');
                member(key);
            } while (consume(','));
            expect('}');
        }
        --depth_;
    }

    // The line's own object, a message's envelope, and nothing after it: `member(key)` reads each
    // member. Outside the caps, which count from the values inside it.
    template <class F>
    void line_object(F&& member) {
        expect('{');
        do {
            if (peek() != '"') give_up();
            const std::string_view key = string(key_scratch_);
            expect(':');
            member(key);
        } while (consume(','));
        expect('}');
        expect_end();
    }

    // Elements of an array of at most `max` items: `item()` reads each.
    template <class F>
    void array(std::size_t max, F&& item) {
        enter();
        expect('[');
        if (!consume(']')) {
            const std::size_t cap = std::min(max, caps_.max_array_items);
            std::size_t items = 0;
            do {
                if (++items > cap) give_up();
                item();
            } while (consume(','));
            expect(']');
        }
        --depth_;
    }

    // Null reads as absent, as ParamReader reads it.
    bool null() {
        if (peek() != 'n') return false;
        literal("null");
        return true;
    }

    std::optional<std::int64_t> optional_integer() {
        if (null()) return std::nullopt;
        const Number n = number();
        if (!n.integer) give_up();
        return n.i;
    }
    std::int64_t integer_or_zero() { return optional_integer().value_or(0); }

    std::optional<double> optional_number() {
        if (null()) return std::nullopt;
        const Number n = number();
        return n.integer ? static_cast<double>(n.i) : n.d;
    }

    std::optional<bool> optional_boolean();

    std::optional<std::string> optional_string() {
        if (null()) return std::nullopt;
        return std::string(string(value_scratch_));
    }
    std::string text_or_empty() { return optional_string().value_or(std::string()); }

    // A string value as a view that lives until the next string value is read.
    std::string_view string_value() { return string(value_scratch_); }

    // A value the reader's caller does not know: only held to the caps.
    void skip_value();

private:
    struct Number {
        bool integer = false;
        std::int64_t i = 0;
        double d = 0;
    };

    void skip_space() {
        while (at_ != end_ && (*at_ == ' ' || *at_ == '\t' || *at_ == '\n' || *at_ == '\r')) ++at_;
    }
    void enter() {
        if (depth_ >= max_depth_) give_up();
        ++depth_;
    }
    void literal(std::string_view word);
    Number number();
    bool digits();
    std::string_view string(std::string& scratch);
    std::string_view escaped_string(const char* from, std::string& scratch);
    char32_t code_point();
    char32_t hex4();
    void utf8_sequence();

    const char* at_;
    const char* end_;
    const TextBounds& caps_;
    std::size_t max_depth_;
    std::size_t depth_ = 0;
    std::string key_scratch_, value_scratch_;
};

// The keys one object of a schema knows, best in the order the peer writes them: which one a key
// is, or -1 for a key the schema does not know. A known key that comes twice is given up on, as
// the tree keeps only the last one.
template <std::size_t N>
class KnownKeys {
public:
    explicit KnownKeys(const std::array<std::string_view, N>& names) : names_(names) {}

    int find(std::string_view key) {
        // Keys written in table order: try the one after the last match first.
        std::size_t at = next_ < N && names_[next_] == key ? next_ : N;
        for (std::size_t k = 0; at == N && k < N; ++k)
            if (names_[k] == key) at = k;
        if (at == N) return -1;
        if (seen_ & (std::uint64_t{1} << at)) JsonTextReader::give_up();
        seen_ |= std::uint64_t{1} << at;
        next_ = at + 1;
        return static_cast<int>(at);
    }

private:
    static_assert(N <= 64);
    const std::array<std::string_view, N>& names_;
    std::uint64_t seen_ = 0;
    std::size_t next_ = 0;
};

}  // namespace fleetdeck::protocol
