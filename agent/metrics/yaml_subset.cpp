#include "agent/metrics/yaml_subset.h"

#include <stdexcept>

namespace fleetdeck::agent::metrics {
namespace {

// Thrown inside the reader, caught at its entry and turned into YamlResult::error.
struct YamlError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(int line, const std::string& what) {
    throw YamlError("line " + std::to_string(line) + ": " + what);
}

std::string shown(std::string_view s) {
    std::string out(s.substr(0, 40));
    if (s.size() > 40) out += "…";
    return "'" + out + "'";
}

struct Line {
    int number;
    int indent;
    std::string_view content;  // after the indentation, trailing spaces removed (comments still in)
};

bool is_space_or_end(std::string_view s, std::size_t i) { return i >= s.size() || s[i] == ' '; }

// Skips spaces from `pos`; true when only spaces or a comment remain.
bool only_comment_after(std::string_view s, std::size_t pos) {
    while (pos < s.size() && s[pos] == ' ') ++pos;
    return pos >= s.size() || s[pos] == '#';
}

class Reader {
public:
    Reader(std::vector<Line> lines, const YamlLimits& limits) : lines_(std::move(lines)), limits_(limits) {}

    YamlNode document() {
        if (lines_.empty()) return {};
        if (lines_[0].indent != 0) fail(lines_[0].number, "the first key must start in the first column");
        YamlNode root = block(0, 1);
        if (root.kind != YamlNode::Kind::Map) fail(root.line, "expected KEY: VALUE at the top of the file");
        if (next_ < lines_.size()) fail(lines_[next_].number, "unexpected indentation");
        return root;
    }

private:
    YamlNode make(YamlNode::Kind kind, int line, int depth) {
        if (++nodes_ > limits_.max_nodes) fail(line, "more than " + std::to_string(limits_.max_nodes) + " values");
        if (depth > limits_.max_depth) fail(line, "nested deeper than " + std::to_string(limits_.max_depth) + " levels");
        YamlNode n;
        n.kind = kind;
        n.line = line;
        return n;
    }

    static bool is_item(std::string_view content) { return content == "-" || content.starts_with("- "); }

    // The block that starts at lines_[next_]: a list when it starts with "- ", else a mapping.
    YamlNode block(int indent, int depth) {
        const Line& first = lines_[next_];
        return is_item(first.content) ? list_block(indent, depth) : map_block(indent, depth);
    }

    YamlNode list_block(int indent, int depth) {
        YamlNode list = make(YamlNode::Kind::List, lines_[next_].number, depth);
        while (next_ < lines_.size() && lines_[next_].indent == indent && is_item(lines_[next_].content)) {
            const Line& l = lines_[next_++];
            std::string_view rest = l.content.substr(1);
            std::size_t pos = 0;
            while (pos < rest.size() && rest[pos] == ' ') ++pos;
            if (only_comment_after(rest, pos)) fail(l.number, "expected a value after '-'");
            const std::size_t key_end = plain_key_end(rest.substr(pos));
            if (key_end != std::string_view::npos) fail(l.number, "a list of mappings is not accepted here; expected '- VALUE'");
            list.items.push_back(value(rest, pos, l.number, depth + 1));
        }
        return list;
    }

    YamlNode map_block(int indent, int depth) {
        YamlNode map = make(YamlNode::Kind::Map, lines_[next_].number, depth);
        while (next_ < lines_.size() && lines_[next_].indent == indent) {
            const Line& l = lines_[next_++];
            if (is_item(l.content)) fail(l.number, "expected KEY: VALUE, got a list item " + shown(l.content));
            std::size_t pos = 0;
            const std::string key = read_key(l.content, pos, l.number);
            for (const auto& [existing, node] : map.entries)
                if (existing == key) fail(l.number, "'" + key + "' is given twice (first on line " + std::to_string(node.line) + ")");
            YamlNode child;
            if (!only_comment_after(l.content, pos)) {
                child = value(l.content, pos, l.number, depth + 1);
            } else if (next_ < lines_.size() && (lines_[next_].indent > indent ||
                                                 (lines_[next_].indent == indent && is_item(lines_[next_].content)))) {
                child = block(lines_[next_].indent, depth + 1);
                child.line = l.number;  // a section's errors name the line of its key
            } else {
                child = make(YamlNode::Kind::Null, l.number, depth + 1);
            }
            map.entries.push_back({key, std::move(child)});
        }
        if (next_ < lines_.size() && lines_[next_].indent > indent)
            fail(lines_[next_].number, "unexpected indentation (expected a key in column " + std::to_string(indent + 1) + ")");
        return map;
    }

    // Where ':' ends a plain key in `s`, or npos when `s` is no "KEY:" line.
    static std::size_t plain_key_end(std::string_view s) {
        if (s.empty() || s[0] == '"' || s[0] == '\'' || s[0] == '[' || s[0] == '{') return std::string_view::npos;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '#' && i > 0 && s[i - 1] == ' ') return std::string_view::npos;
            if (s[i] == ':' && is_space_or_end(s, i + 1)) return i;
        }
        return std::string_view::npos;
    }

    std::string read_key(std::string_view s, std::size_t& pos, int line) {
        std::string key;
        if (s[0] == '"' || s[0] == '\'') {
            key = quoted(s, pos, line);
        } else {
            const std::size_t end = plain_key_end(s);
            if (end == std::string_view::npos) fail(line, "expected KEY: VALUE, got " + shown(s));
            key = std::string(s.substr(0, end));
            while (!key.empty() && key.back() == ' ') key.pop_back();
            check_plain(key, line);
            pos = end;
        }
        if (pos >= s.size() || s[pos] != ':' || !is_space_or_end(s, pos + 1)) fail(line, "expected ':' after the key " + shown(key));
        ++pos;
        return key;
    }

    static void check_plain(std::string_view text, int line) {
        if (text.empty()) fail(line, "expected a key before ':'");
        static constexpr std::string_view kIndicators = "?:,[]{}#&*!|>'\"%@`";
        if (kIndicators.find(text[0]) != std::string_view::npos)
            fail(line, "a value starting with '" + std::string(1, text[0]) +
                           "' is not accepted here (anchors, aliases, tags and block scalars are not read); quote it");
        if (text[0] == '-' && (text.size() == 1 || text[1] == ' ')) fail(line, "expected a value, got '-'");
    }

    // A value from `s` at `pos`: a scalar, `[a, b]`, `[]` or `{}`, then nothing but a comment.
    YamlNode value(std::string_view s, std::size_t pos, int line, int depth) {
        while (pos < s.size() && s[pos] == ' ') ++pos;
        YamlNode node;
        if (s[pos] == '[') {
            node = make(YamlNode::Kind::List, line, depth);
            ++pos;
            skip_spaces(s, pos);
            if (pos < s.size() && s[pos] == ']') {
                ++pos;
            } else {
                for (;;) {
                    node.items.push_back(scalar(s, pos, line, depth + 1, true));
                    skip_spaces(s, pos);
                    if (pos < s.size() && s[pos] == ',') { ++pos; skip_spaces(s, pos); continue; }
                    if (pos < s.size() && s[pos] == ']') { ++pos; break; }
                    fail(line, "expected ',' or ']' in the list (a list must close on its line)");
                }
            }
        } else if (s[pos] == '{') {
            ++pos;
            skip_spaces(s, pos);
            if (pos >= s.size() || s[pos] != '}') fail(line, "only an empty mapping {} is accepted in braces; write KEY: VALUE lines");
            ++pos;
            node = make(YamlNode::Kind::Map, line, depth);
        } else {
            node = scalar(s, pos, line, depth, false);
        }
        if (!only_comment_after(s, pos)) fail(line, "unexpected " + shown(s.substr(pos)) + " after the value");
        return node;
    }

    static void skip_spaces(std::string_view s, std::size_t& pos) {
        while (pos < s.size() && s[pos] == ' ') ++pos;
    }

    YamlNode scalar(std::string_view s, std::size_t& pos, int line, int depth, bool in_flow) {
        YamlNode node = make(YamlNode::Kind::Scalar, line, depth);
        if (pos < s.size() && (s[pos] == '"' || s[pos] == '\'')) {
            node.text = quoted(s, pos, line);
            node.quoted = true;
            return node;
        }
        const std::size_t start = pos;
        while (pos < s.size()) {
            const char c = s[pos];
            if (c == '#' && pos > start && s[pos - 1] == ' ') break;
            if (c == ':' && is_space_or_end(s, pos + 1)) fail(line, "a ': ' inside a value; quote the value");
            if (in_flow && (c == ',' || c == ']' || c == '[' || c == '{' || c == '}')) break;
            ++pos;
        }
        std::string_view text = s.substr(start, pos - start);
        while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
        if (text.empty()) fail(line, "expected a value");
        check_plain(text, line);
        node.text = std::string(text);
        if (node.text == "~" || node.text == "null") node.kind = YamlNode::Kind::Null;
        return node;
    }

    // A '…' or "…" scalar starting at `pos`; `pos` ends after the closing quote.
    static std::string quoted(std::string_view s, std::size_t& pos, int line) {
        const char q = s[pos++];
        std::string out;
        while (pos < s.size()) {
            const char c = s[pos++];
            if (q == '\'' && c == '\'') {
                if (pos < s.size() && s[pos] == '\'') { out += '\''; ++pos; continue; }
                return out;
            }
            if (q == '"' && c == '"') return out;
            if (q == '"' && c == '\\') {
                if (pos >= s.size()) break;
                const char e = s[pos++];
                switch (e) {
                case '\\': out += '\\'; break;
                case '"': out += '"'; break;
                case '/': out += '/'; break;
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                default: fail(line, std::string("the escape \\") + e + " is not accepted (only \\\\ \\\" \\/ \\n \\t)");
                }
                continue;
            }
            out += c;
        }
        fail(line, std::string("a ") + q + "quoted value must close on its line");
    }

    std::vector<Line> lines_;
    YamlLimits limits_;
    std::size_t next_ = 0;
    std::size_t nodes_ = 0;
};

std::vector<Line> split_lines(std::string_view text, const YamlLimits& limits) {
    std::vector<Line> lines;
    int number = 0;
    bool any = false;
    while (!text.empty()) {
        const auto lf = text.find('\n');
        std::string_view raw = text.substr(0, lf);
        text.remove_prefix(lf == std::string_view::npos ? text.size() : lf + 1);
        ++number;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (raw.size() > limits.max_line) fail(number, "longer than " + std::to_string(limits.max_line) + " bytes");
        for (const char c : raw) {
            if (c == '\t') fail(number, "a tab; YAML is indented with spaces");
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) fail(number, "a control character");
        }
        std::size_t indent = 0;
        while (indent < raw.size() && raw[indent] == ' ') ++indent;
        std::string_view content = raw.substr(indent);
        while (!content.empty() && content.back() == ' ') content.remove_suffix(1);
        if (content.empty() || content[0] == '#') continue;
        if (content == "---" && indent == 0) {
            if (any) fail(number, "a second document; the file holds one");
            any = true;
            continue;
        }
        if (content == "..." && indent == 0) fail(number, "'...' is not accepted; end the file instead");
        any = true;
        lines.push_back({number, static_cast<int>(indent), content});
    }
    return lines;
}

}  // namespace

YamlResult parse_yaml_subset(std::string_view text, const YamlLimits& limits) {
    if (text.size() > limits.max_bytes) return {std::nullopt, "longer than " + std::to_string(limits.max_bytes) + " bytes"};
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte-order mark
    try {
        Reader reader(split_lines(text, limits), limits);
        return {reader.document(), {}};
    } catch (const YamlError& e) {
        return {std::nullopt, e.what()};
    }
}

}  // namespace fleetdeck::agent::metrics
