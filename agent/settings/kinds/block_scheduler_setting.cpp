// block.scheduler — queue/scheduler of every NVMe disk ("[none] mq-deadline"); tmpfiles.d lines.
#include "agent/settings/kinds/block_devices.h"
#include "agent/settings/kinds/kinds.h"

namespace fleetdeck::agent::settings {
namespace {

class BlockSchedulerSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "block.scheduler"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        return capture_knobs(ctx.fs, id, block_queue_knobs(ctx.fs, "scheduler", true), "no NVMe disks on this host");
    }

    std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const override {
        std::vector<std::string> offered;
        for (const auto& k : block_queue_knobs(ctx.fs, "scheduler", true)) offered.push_back(k.path);
        return check_offered(ctx.fs, id, value, offered);
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, block_queue_knobs(ctx.fs, "scheduler", true), instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json& value,
                                                 const Instances& instances) const override {
        std::vector<PersistentLine> lines;
        for (const auto& [device, current] : instances.items()) {
            const std::string path = "/sys/block/" + device + "/queue/scheduler";
            lines.push_back(tmpfiles_line(path, value));
        }
        return lines;
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_block_scheduler_setting() { return std::make_unique<BlockSchedulerSetting>(); }

}  // namespace fleetdeck::agent::settings
