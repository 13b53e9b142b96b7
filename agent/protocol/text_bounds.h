#pragma once

// Caps on every value a decoder reads straight from a line's text (json_text_reader.h), known key
// or not, depth counted from the value the caps are for (a sample's data, a reply's result): the
// ones the app's checkBounds holds the same value to as a tree (app/untrusted/agent_input.h).

#include <cstddef>

namespace fleetdeck::protocol {

struct TextBounds {
    std::size_t max_depth = 32;
    std::size_t max_string_bytes = 4096;  // strings and keys
    std::size_t max_array_items = 4096;
    std::size_t max_object_keys = 16384;
};

}  // namespace fleetdeck::protocol
