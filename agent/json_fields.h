#pragma once

#include "agent/protocol/json_fields.h"

namespace fleetdeck::agent {

using protocol::or_null;
using protocol::text_or_null;

}  // namespace fleetdeck::agent
