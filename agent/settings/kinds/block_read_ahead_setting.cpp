// block.read_ahead_kb — queue/read_ahead_kb of every disk; persisted as tmpfiles.d `w` lines.
#include "agent/settings/kinds/block_devices.h"
#include "agent/settings/kinds/kinds.h"

namespace fleetdeck::agent::settings {
namespace {

class BlockReadAheadSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "block.read_ahead_kb"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        return capture_knobs(ctx.fs, id, block_queue_knobs(ctx.fs, "read_ahead_kb", false), "no disks found in /sys/block");
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, block_queue_knobs(ctx.fs, "read_ahead_kb", false), instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json& value,
                                                 const Instances& instances) const override {
        std::vector<PersistentLine> lines;
        for (const auto& [device, current] : instances.items()) {
            const std::string path = "/sys/block/" + device + "/queue/read_ahead_kb";
            lines.push_back(tmpfiles_line(path, value));
        }
        return lines;
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_block_read_ahead_setting() { return std::make_unique<BlockReadAheadSetting>(); }

}  // namespace fleetdeck::agent::settings
