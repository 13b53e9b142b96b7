#pragma once

// Deterministic hostile variations of a message, for the tests that hold a decoder reading straight
// from the text to the tree (sample_line_test.cpp, probe_reply_test.cpp): a value replaced, added,
// removed, made too long or too deep, and the line then cut, given a key twice, a number JSON or
// nlohmann reads differently, an odd byte, or a key's letter escaped.

#include <cstdint>
#include <cstdio>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::test {

using Json = nlohmann::json;

// Hostile values a mutation puts in place of another.
inline std::vector<Json> hostileValues() {
    return {Json("x"),
            Json(""),
            Json(-1),
            Json(7),
            Json(2.5),
            Json(-0.0),
            Json(1e300),
            Json(true),
            Json(false),
            Json(nullptr),
            Json::object(),
            Json::array(),
            Json::array({1, "a"}),
            Json{{"k", 1}},
            Json(std::numeric_limits<std::int64_t>::max()),
            Json(std::numeric_limits<std::int64_t>::min()),
            Json(std::numeric_limits<std::uint64_t>::max()),
            Json(std::string(4096, 's')),
            Json(std::string(4097, 's')),
            Json("unchanged"),
            Json("lost"),
            Json("ok"),
            Json("caf\xc3\xa9 \xf0\x9f\x94\xa5")};
}

// Number-ish text a mutation puts in place of a number: what JSON does not allow, and numbers
// nlohmann reads other than as an int64 or a finite double.
inline const std::vector<std::string> kNumberishText = {
    "NaN", "nan", "Infinity", "-Infinity", "1e400", "-1e400", "1e-400", "18446744073709551616",
    "18446744073709551615", "9223372036854775808", "9223372036854775807", "-9223372036854775808",
    "-9223372036854775809", "01", "1.", ".5", "+1", "0x1F", "1E5", "1e+05", "-0", "-0.0", "1.0", "-", "2e",
    "4.9406564584124654e-324", "1.7976931348623157e308", "123456789012345678901234567890.5"};

// Bytes a mutation inserts or puts in place of another.
inline const std::string kOddBytes = std::string("\0\x7f\xff\xc3\x80\"\\{}[],: \n\ta0-.e", 21);

class Mutator {
public:
    // Writes the mutated value as a line: as the peer writes it, or (one time in four) with its
    // envelope's keys in another order.
    using Writer = std::function<std::string(const Json& value, bool otherOrder)>;

    // `moreValues`: hostile values for one schema (its ranges' edges), besides hostileValues().
    Mutator(std::uint64_t seed, Writer write, const std::vector<Json>& moreValues = {})
        : rng_(seed), write_(std::move(write)), hostile_(hostileValues()) {
        hostile_.insert(hostile_.end(), moreValues.begin(), moreValues.end());
    }

    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng_() % n); }

    // `data` changed in one place, written as a line (sometimes changed again as text).
    std::string mutate(Json data) {
        std::vector<Json*> nodes;
        collect(data, nodes);
        Json& at = *nodes[below(nodes.size())];
        switch (below(8)) {
        case 0: at = hostile_[below(hostile_.size())]; break;
        case 1:
            if (at.is_object()) at["extra_" + std::to_string(below(3))] = hostile_[below(hostile_.size())];
            else at = hostile_[below(hostile_.size())];
            break;
        case 2: at = oversized(at); break;
        case 3: at = deeper(at, below(6) + 28); break;
        case 4:
            if (at.is_object() && !at.empty()) at.erase(std::next(at.begin(), static_cast<std::ptrdiff_t>(below(at.size()))));
            break;
        default: break;  // changed as text below
        }
        std::string line = write_(data, below(4) == 0);
        switch (below(7)) {
        case 0: return line.substr(0, below(line.size()));
        case 1: return duplicateKey(line);
        case 2: return replaceNumber(line);
        case 3: {
            const std::size_t p = below(line.size());
            if (below(2)) line.insert(p, 1, kOddBytes[below(kOddBytes.size())]);
            else line[p] = kOddBytes[below(kOddBytes.size())];
            return line;
        }
        case 4: return escapeKey(line);
        default: return line;
        }
    }

private:
    static void collect(Json& v, std::vector<Json*>& out) {
        out.push_back(&v);
        if (v.is_structured())
            for (Json& child : v) collect(child, out);
    }

    // A list of one more (or exactly as many) items than one of the caps.
    Json oversized(const Json& at) {
        static const std::size_t kCaps[] = {18, 32, 64, 1024, 4096};
        const std::size_t n = kCaps[below(std::size(kCaps))] + below(2);
        const Json item = at.is_array() && !at.empty() && at[0].dump().size() < 64 ? at[0] : Json::object();
        return Json(Json::array_t(n, item));
    }

    static Json deeper(Json at, std::size_t levels) {
        for (std::size_t i = 0; i < levels; ++i) at = i % 2 ? Json::array({std::move(at)}) : Json{{"d", std::move(at)}};
        return at;
    }

    // Positions of the keys in `line` (the quote that opens each).
    static std::vector<std::size_t> keyStarts(const std::string& line) {
        std::vector<std::size_t> out;
        for (std::size_t p = 1; p < line.size(); ++p)
            if (line[p] == '"' && (line[p - 1] == '{' || line[p - 1] == ',')) {
                const std::size_t close = line.find('"', p + 1);
                if (close != std::string::npos && close + 1 < line.size() && line[close + 1] == ':') out.push_back(p);
            }
        return out;
    }

    // One key written twice: the tree keeps the last value.
    std::string duplicateKey(std::string line) {
        const auto keys = keyStarts(line);
        if (keys.empty()) return line;
        const std::size_t p = keys[below(keys.size())];
        const std::string key = line.substr(p, line.find('"', p + 1) - p + 1);
        line.insert(p, key + ":" + hostile_[below(hostile_.size())].dump() + ",");
        return line;
    }

    std::string replaceNumber(std::string line) {
        std::vector<std::size_t> numbers;
        for (std::size_t p = 1; p < line.size(); ++p)
            if (line[p - 1] == ':' && (line[p] == '-' || (line[p] >= '0' && line[p] <= '9'))) numbers.push_back(p);
        if (numbers.empty()) return line;
        const std::size_t p = numbers[below(numbers.size())];
        const std::size_t end = line.find_first_of(",}]", p);
        return line.replace(p, end - p, kNumberishText[below(kNumberishText.size())]);
    }

    // A key's first letter as a \u escape: the same key to the tree.
    std::string escapeKey(std::string line) {
        const auto keys = keyStarts(line);
        if (keys.empty()) return line;
        const std::size_t p = keys[below(keys.size())] + 1;
        if (line[p] < 'a' || line[p] > 'z') return line;
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(line[p]));
        return line.replace(p, 1, escape);
    }

    std::mt19937_64 rng_;
    Writer write_;
    std::vector<Json> hostile_;
};

}  // namespace fleetdeck::test
