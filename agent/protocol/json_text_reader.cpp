#include "agent/protocol/json_text_reader.h"

#include <charconv>
#include <cmath>

namespace fleetdeck::protocol {

std::optional<bool> JsonTextReader::optional_boolean() {
    if (null()) return std::nullopt;
    if (peek() == 't') {
        literal("true");
        return true;
    }
    literal("false");
    return false;
}

void JsonTextReader::skip_value() {
    switch (peek()) {
    case '{': object([this](std::string_view) { skip_value(); }); break;
    case '[': array(SIZE_MAX, [this] { skip_value(); }); break;
    case '"': string(value_scratch_); break;
    case 'n': literal("null"); break;
    case 't': literal("true"); break;
    case 'f': literal("false"); break;
    default: number();
    }
}

void JsonTextReader::literal(std::string_view word) {
    skip_space();
    if (static_cast<std::size_t>(end_ - at_) < word.size() || std::string_view(at_, word.size()) != word) give_up();
    at_ += word.size();
}

// JSON's number grammar. Integers read as nlohmann reads them where they fit int64 (a larger one
// it reads as unsigned or as a double: given up on); the rest as its strtod reads them, given up
// on unless finite and read without a range error (underflow).
JsonTextReader::Number JsonTextReader::number() {
    skip_space();
    const char* start = at_;
    bool integer = true;
    if (at_ != end_ && *at_ == '-') ++at_;
    if (at_ == end_) give_up();
    if (*at_ == '0') ++at_;
    else if (!digits()) give_up();
    if (at_ != end_ && *at_ == '.') {
        ++at_;
        integer = false;
        if (!digits()) give_up();
    }
    if (at_ != end_ && (*at_ == 'e' || *at_ == 'E')) {
        ++at_;
        integer = false;
        if (at_ != end_ && (*at_ == '+' || *at_ == '-')) ++at_;
        if (!digits()) give_up();
    }
    Number n;
    n.integer = integer;
    const auto r = integer ? std::from_chars(start, at_, n.i) : std::from_chars(start, at_, n.d);
    if (r.ec != std::errc() || r.ptr != at_ || (!integer && !std::isfinite(n.d))) give_up();
    return n;
}

bool JsonTextReader::digits() {
    const char* from = at_;
    while (at_ != end_ && *at_ >= '0' && *at_ <= '9') ++at_;
    return at_ != from;
}

// A string, unescaped where it has to be (into `scratch`), held to the string cap. Invalid UTF-8,
// control characters and bad escapes are what nlohmann's lexer refuses.
std::string_view JsonTextReader::string(std::string& scratch) {
    expect('"');
    const char* from = at_;
    while (true) {
        if (at_ == end_) give_up();
        const auto c = static_cast<unsigned char>(*at_);
        if (c == '"') break;
        if (c == '\\') return escaped_string(from, scratch);
        if (c < 0x20) give_up();
        if (c < 0x80) ++at_;
        else utf8_sequence();
    }
    const std::string_view text(from, static_cast<std::size_t>(at_ - from));
    ++at_;
    if (text.size() > caps_.max_string_bytes) give_up();
    return text;
}

// A named namespace, not an anonymous one: the protocol library is built in unity batches.
namespace json_text_reader {

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace json_text_reader

std::string_view JsonTextReader::escaped_string(const char* from, std::string& scratch) {
    scratch.assign(from, at_);
    while (true) {
        if (at_ == end_) give_up();
        const auto c = static_cast<unsigned char>(*at_);
        if (c == '"') break;
        if (c < 0x20) give_up();
        if (c >= 0x80) {
            const char* start = at_;
            utf8_sequence();
            scratch.append(start, at_);
            continue;
        }
        ++at_;
        if (c != '\\') {
            scratch += static_cast<char>(c);
            continue;
        }
        if (at_ == end_) give_up();
        switch (*at_++) {
        case '"': scratch += '"'; break;
        case '\\': scratch += '\\'; break;
        case '/': scratch += '/'; break;
        case 'b': scratch += '\b'; break;
        case 'f': scratch += '\f'; break;
        case 'n': scratch += '\n'; break;
        case 'r': scratch += '\r'; break;
        case 't': scratch += '\t'; break;
        case 'u': json_text_reader::append_utf8(scratch, code_point()); break;
        default: give_up();
        }
    }
    ++at_;
    if (scratch.size() > caps_.max_string_bytes) give_up();
    return scratch;
}

// After "\u": one escaped code point, a surrogate pair taken together.
char32_t JsonTextReader::code_point() {
    const char32_t first = hex4();
    if (first >= 0xDC00 && first <= 0xDFFF) give_up();
    if (first < 0xD800 || first > 0xDBFF) return first;
    if (end_ - at_ < 2 || at_[0] != '\\' || at_[1] != 'u') give_up();
    at_ += 2;
    const char32_t second = hex4();
    if (second < 0xDC00 || second > 0xDFFF) give_up();
    return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
}

char32_t JsonTextReader::hex4() {
    if (end_ - at_ < 4) give_up();
    char32_t v = 0;
    for (int k = 0; k < 4; ++k, ++at_) {
        const char c = *at_;
        v <<= 4;
        if (c >= '0' && c <= '9') v |= static_cast<char32_t>(c - '0');
        else if (c >= 'a' && c <= 'f') v |= static_cast<char32_t>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= static_cast<char32_t>(c - 'A' + 10);
        else give_up();
    }
    return v;
}

// One well-formed multi-byte UTF-8 sequence (Unicode's table 3-7, as nlohmann checks it).
void JsonTextReader::utf8_sequence() {
    const auto lead = static_cast<unsigned char>(*at_++);
    unsigned char low = 0x80, high = 0xBF;
    int follow = 0;
    if (lead >= 0xC2 && lead <= 0xDF) follow = 1;
    else if (lead == 0xE0) follow = 2, low = 0xA0;
    else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) follow = 2;
    else if (lead == 0xED) follow = 2, high = 0x9F;
    else if (lead == 0xF0) follow = 3, low = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3) follow = 3;
    else if (lead == 0xF4) follow = 3, high = 0x8F;
    else give_up();
    for (int k = 0; k < follow; ++k, low = 0x80, high = 0xBF) {
        if (at_ == end_) give_up();
        const auto c = static_cast<unsigned char>(*at_++);
        if (c < low || c > high) give_up();
    }
}

}  // namespace fleetdeck::protocol
