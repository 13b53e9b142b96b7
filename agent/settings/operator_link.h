#pragma once

#include <functional>

namespace fleetdeck::agent::settings {

// Whether the operator who asked for a transaction can still hear its answer. A transaction
// checks before every step and rolls back when the answer has nowhere to go (the SSH session was
// killed, the app crashed): the operator would not know what the host ended up with.
using OperatorGone = std::function<bool()>;

// The --stdio agent's check: the reader of its stdout went away (POLLERR/POLLHUP on fd 1).
bool stdout_reader_gone();

}  // namespace fleetdeck::agent::settings
