#include "app/history/history_point.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include <QtEndian>

namespace fleetdeck::history {
namespace {

// Missing readings are codes outside each field's range; they never leave this file.
constexpr std::uint16_t kMissingU16 = 0xFFFF;
constexpr std::int16_t kMissingI16 = std::numeric_limits<std::int16_t>::min();

class Writer {
public:
    explicit Writer(QByteArray& out) : out_(out) {}
    void u8(std::uint8_t v) { out_.append(static_cast<char>(v)); }
    void u16(std::uint16_t v) {
        char b[2];
        qToLittleEndian(v, b);
        out_.append(b, 2);
    }
    void f32(std::optional<double> v) {
        const float f = v ? static_cast<float>(*v) : std::numeric_limits<float>::quiet_NaN();
        std::uint32_t bits;
        std::memcpy(&bits, &f, 4);
        char b[4];
        qToLittleEndian(bits, b);
        out_.append(b, 4);
    }
    // Unsigned fixed point with `scale` steps per unit, clamped into range.
    void fixedU(std::optional<double> v, double scale) {
        if (!v || !std::isfinite(*v)) return u16(kMissingU16);
        u16(static_cast<std::uint16_t>(std::clamp(std::lround(*v * scale), 0L, long(kMissingU16 - 1))));
    }
    void fixedI(std::optional<double> v, double scale) {
        if (!v || !std::isfinite(*v)) return u16(static_cast<std::uint16_t>(kMissingI16));
        const long q = std::clamp(std::lround(*v * scale), long(kMissingI16) + 1, long(std::numeric_limits<std::int16_t>::max()));
        u16(static_cast<std::uint16_t>(static_cast<std::int16_t>(q)));
    }

private:
    QByteArray& out_;
};

class Reader {
public:
    explicit Reader(const QByteArray& in) : in_(in) {}
    bool ok() const { return ok_; }
    bool atEnd() const { return pos_ == in_.size(); }
    qsizetype remaining() const { return in_.size() - pos_; }
    std::uint8_t u8() { return need(1) ? static_cast<std::uint8_t>(in_[pos_++]) : 0; }
    std::uint16_t u16() {
        if (!need(2)) return 0;
        const auto v = qFromLittleEndian<std::uint16_t>(in_.constData() + pos_);
        pos_ += 2;
        return v;
    }
    std::optional<double> f32() {
        if (!need(4)) return std::nullopt;
        const auto bits = qFromLittleEndian<std::uint32_t>(in_.constData() + pos_);
        pos_ += 4;
        float f;
        std::memcpy(&f, &bits, 4);
        return std::isnan(f) ? std::nullopt : std::optional<double>(f);
    }
    std::optional<double> fixedU(double scale) {
        const std::uint16_t v = u16();
        return v == kMissingU16 ? std::nullopt : std::optional<double>(v / scale);
    }
    std::optional<double> fixedI(double scale) {
        const auto v = static_cast<std::int16_t>(u16());
        return v == kMissingI16 ? std::nullopt : std::optional<double>(v / scale);
    }

private:
    bool need(qsizetype n) {
        if (pos_ + n > in_.size()) ok_ = false;
        return ok_;
    }
    const QByteArray& in_;
    qsizetype pos_ = 0;
    bool ok_ = true;
};

std::optional<float> asFloat(std::optional<double> v) {
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}
std::optional<double> asDouble(std::optional<float> v) {
    return v ? std::optional<double>(*v) : std::nullopt;
}

// The fields of a point, in their order on disk, with their codec: one place for both directions.
constexpr double kPctScale = 100, kTenths = 10, kWhole = 1;
constexpr std::uint8_t kUsageHeld = 0x80;
constexpr std::uint8_t kBmcMarker = 0xB7;  // the host's power and inlet follow
constexpr int kUsageBytes = 3;              // per GPU: the verdict byte and SM active
constexpr int kBmcLayerBytes = 4;           // per layer: power (u16 W) and inlet (i16 0.1 °C)

void writeValues(Writer& w, const SamplePoint& p) {
    w.fixedU(p.cpuUtilPct, kPctScale);
    w.fixedI(asDouble(p.cpuTempC), kTenths);
    w.f32(p.memUsedBytes);
    w.f32(asDouble(p.nicRxBytesPerS));
    w.f32(asDouble(p.nicTxBytesPerS));
}
void readValues(Reader& r, SamplePoint& p) {
    p.cpuUtilPct = r.fixedU(kPctScale);
    p.cpuTempC = asFloat(r.fixedI(kTenths));
    p.memUsedBytes = r.f32();
    p.nicRxBytesPerS = asFloat(r.f32());
    p.nicTxBytesPerS = asFloat(r.f32());
}
void writeGpu(Writer& w, const GpuPoint& g) {
    w.fixedI(asDouble(g.tempC), kTenths);
    w.fixedU(asDouble(g.utilPct), kPctScale);
    w.fixedU(asDouble(g.powerW), kTenths);
    w.fixedU(asDouble(g.smClockMhz), kWhole);
}
GpuPoint readGpu(Reader& r) {
    GpuPoint g;
    g.tempC = asFloat(r.fixedI(kTenths));
    g.utilPct = asFloat(r.fixedU(kPctScale));
    g.powerW = asFloat(r.fixedU(kTenths));
    g.smClockMhz = asFloat(r.fixedU(kWhole));
    return g;
}

}  // namespace

std::int64_t tierStepMs(Tier tier) {
    switch (tier) {
    case Tier::Raw: return 1000;
    case Tier::TenSeconds: return 10'000;
    case Tier::Minute: return 60'000;
    }
    return 1000;
}

QString toString(Tier tier) {
    switch (tier) {
    case Tier::Raw: return QStringLiteral("raw");
    case Tier::TenSeconds: return QStringLiteral("10s");
    case Tier::Minute: return QStringLiteral("1min");
    }
    return {};
}

std::uint8_t throttleBits(const protocol::GpuSample& gpu) {
    if (!gpu.throttle) return 0;
    bool thermal = false, power = false, slowdown = false;
    for (const std::string& r : *gpu.throttle) {
        if (r == "sw_thermal" || r == "hw_thermal") thermal = true;
        else if (r == "sw_power_cap" || r == "hw_power_brake") power = true;
        else if (r == "hw_slowdown") slowdown = true;
    }
    std::uint8_t bits = 0;
    if (thermal) bits |= kThrottleThermal;
    if (power) bits |= kThrottlePower;
    if (slowdown && !thermal && !power) bits |= kThrottleHwSlowdown;
    return bits;
}

QStringList throttleNames(std::uint8_t bits) {
    QStringList names;
    if (bits & kThrottleThermal) names << QStringLiteral("thermal");
    if (bits & kThrottlePower) names << QStringLiteral("power");
    if (bits & kThrottleHwSlowdown) names << QStringLiteral("hw_slowdown");
    return names;
}

void Downsampler::Stat::add(const std::optional<double>& v) {
    if (!v) return;
    if (count == 0) min = max = *v;
    min = std::min(min, *v);
    max = std::max(max, *v);
    sum += *v;
    ++count;
}

void Downsampler::add(const SamplePoint& p, const std::vector<std::uint8_t>& gpuThrottle, const std::vector<GpuUsagePoint>& gpuUsage) {
    ++count_;
    cpu_.add(p.cpuUtilPct);
    mem_.add(p.memUsedBytes);
    cpuTemp_.add(asDouble(p.cpuTempC));
    rx_.add(asDouble(p.nicRxBytesPerS));
    tx_.add(asDouble(p.nicTxBytesPerS));
    power_.add(asDouble(p.powerW));
    inlet_.add(asDouble(p.inletC));
    if (gpus_.size() < p.gpus.size()) gpus_.resize(p.gpus.size());
    for (std::size_t i = 0; i < p.gpus.size(); ++i) {
        GpuStats& g = gpus_[i];
        g.temp.add(asDouble(p.gpus[i].tempC));
        g.util.add(asDouble(p.gpus[i].utilPct));
        g.power.add(asDouble(p.gpus[i].powerW));
        g.clock.add(asDouble(p.gpus[i].smClockMhz));
        if (i < gpuThrottle.size()) g.throttle |= gpuThrottle[i];
        if (i < gpuUsage.size()) {
            const GpuUsagePoint& u = gpuUsage[i];
            g.usage = true;
            g.held = g.held || u.held;
            g.smActive.add(asDouble(u.smActivePct));
            if (u.verdict) ++g.verdicts[utilization::verdictCode(*u.verdict)];
        }
    }
}

HistoryPoint Downsampler::result(std::int64_t startMs) const {
    HistoryPoint out;
    SamplePoint mean, lo, hi;
    mean.timeMs = lo.timeMs = hi.timeMs = startMs;
    auto put = [](const Stat& s, auto& m, auto& l, auto& h) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        if (s.count == 0) return;
        m = static_cast<T>(s.sum / s.count);
        l = static_cast<T>(s.min);
        h = static_cast<T>(s.max);
    };
    put(cpu_, mean.cpuUtilPct, lo.cpuUtilPct, hi.cpuUtilPct);
    put(mem_, mean.memUsedBytes, lo.memUsedBytes, hi.memUsedBytes);
    put(cpuTemp_, mean.cpuTempC, lo.cpuTempC, hi.cpuTempC);
    put(rx_, mean.nicRxBytesPerS, lo.nicRxBytesPerS, hi.nicRxBytesPerS);
    put(tx_, mean.nicTxBytesPerS, lo.nicTxBytesPerS, hi.nicTxBytesPerS);
    put(power_, mean.powerW, lo.powerW, hi.powerW);
    put(inlet_, mean.inletC, lo.inletC, hi.inletC);
    const bool usage = std::any_of(gpus_.begin(), gpus_.end(), [](const GpuStats& g) { return g.usage; });
    for (const GpuStats& g : gpus_) {
        if (usage) {
            // The verdict most of the interval had (ties: the earlier in kVerdicts).
            GpuUsagePoint u;
            u.held = g.held;
            if (g.smActive.count) u.smActivePct = static_cast<float>(g.smActive.sum / g.smActive.count);
            const auto most = std::max_element(g.verdicts.begin(), g.verdicts.end());
            if (*most > 0) u.verdict = utilization::verdictFromCode(static_cast<std::uint8_t>(most - g.verdicts.begin()));
            out.gpuUsage.push_back(u);
        }
        GpuPoint m, l, h;
        put(g.temp, m.tempC, l.tempC, h.tempC);
        put(g.util, m.utilPct, l.utilPct, h.utilPct);
        put(g.power, m.powerW, l.powerW, h.powerW);
        put(g.clock, m.smClockMhz, l.smClockMhz, h.smClockMhz);
        mean.gpus.push_back(m);
        lo.gpus.push_back(l);
        hi.gpus.push_back(h);
        out.gpuThrottle.push_back(g.throttle);
    }
    out.value = std::move(mean);
    out.min = std::move(lo);
    out.max = std::move(hi);
    return out;
}

void Downsampler::clear() { *this = Downsampler(); }

QByteArray encodePoint(const HistoryPoint& p, bool withRange) {
    QByteArray out;
    Writer w(out);
    const std::size_t gpus = std::min<std::size_t>(p.value.gpus.size(), 255);
    w.u8(static_cast<std::uint8_t>(gpus));
    const SamplePoint* layers[3] = {&p.value, p.min ? &*p.min : &p.value, p.max ? &*p.max : &p.value};
    const int n = withRange ? 3 : 1;
    for (int l = 0; l < n; ++l) writeValues(w, *layers[l]);
    for (std::size_t i = 0; i < gpus; ++i) {
        for (int l = 0; l < n; ++l) writeGpu(w, i < layers[l]->gpus.size() ? layers[l]->gpus[i] : GpuPoint{});
        w.u8(i < p.gpuThrottle.size() ? p.gpuThrottle[i] : 0);
    }
    // Schema 5: per GPU one byte (verdict code + 1, 0 when not judged; bit 7 held) and SM active.
    if (!p.gpuUsage.empty())
        for (std::size_t i = 0; i < gpus; ++i) {
            const GpuUsagePoint u = i < p.gpuUsage.size() ? p.gpuUsage[i] : GpuUsagePoint{};
            const std::uint8_t code = u.verdict ? static_cast<std::uint8_t>(utilization::verdictCode(*u.verdict) + 1) : 0;
            w.u8(static_cast<std::uint8_t>(code | (u.held ? kUsageHeld : 0)));
            w.fixedU(asDouble(u.smActivePct), kPctScale);
        }
    if (std::any_of(layers, layers + n, [](const SamplePoint* l) { return l->powerW || l->inletC; })) {
        w.u8(kBmcMarker);
        for (int l = 0; l < n; ++l) {
            w.fixedU(asDouble(layers[l]->powerW), kWhole);
            w.fixedI(asDouble(layers[l]->inletC), kTenths);
        }
    }
    return out;
}

std::optional<HistoryPoint> decodePoint(const QByteArray& bytes, std::int64_t timeMs, bool withRange) {
    Reader r(bytes);
    HistoryPoint p;
    const int gpus = r.u8();
    const int n = withRange ? 3 : 1;
    SamplePoint layers[3];
    for (int l = 0; l < n; ++l) {
        layers[l].timeMs = timeMs;
        readValues(r, layers[l]);
    }
    for (int i = 0; i < gpus; ++i) {
        for (int l = 0; l < n; ++l) layers[l].gpus.push_back(readGpu(r));
        p.gpuThrottle.push_back(r.u8());
    }
    // What follows the GPUs: their usage (3 bytes each), the BMC's (a marker, 4 bytes a layer), both
    // or neither; 1 + 4 and 1 + 12 are never a multiple of 3, so the lengths say which.
    const qsizetype rest = r.remaining();
    const qsizetype usageBytes = static_cast<qsizetype>(gpus) * kUsageBytes, bmcBytes = 1 + n * kBmcLayerBytes;
    const bool hasUsage = gpus > 0 && (rest == usageBytes || rest == usageBytes + bmcBytes);
    const bool hasBmc = rest == bmcBytes || (gpus > 0 && rest == usageBytes + bmcBytes);
    if (r.ok() && !r.atEnd() && !hasUsage && !hasBmc) return std::nullopt;
    if (r.ok() && hasUsage)
        for (int i = 0; i < gpus; ++i) {
            const std::uint8_t byte = r.u8();
            GpuUsagePoint u;
            u.held = byte & kUsageHeld;
            if (const std::uint8_t code = byte & ~kUsageHeld; code > 0) u.verdict = utilization::verdictFromCode(static_cast<std::uint8_t>(code - 1));
            u.smActivePct = asFloat(r.fixedU(kPctScale));
            p.gpuUsage.push_back(u);
        }
    if (r.ok() && hasBmc) {
        if (r.u8() != kBmcMarker) return std::nullopt;
        for (int l = 0; l < n; ++l) {
            layers[l].powerW = asFloat(r.fixedU(kWhole));
            layers[l].inletC = asFloat(r.fixedI(kTenths));
        }
    }
    if (!r.ok() || !r.atEnd()) return std::nullopt;
    p.value = std::move(layers[0]);
    if (withRange) {
        p.min = std::move(layers[1]);
        p.max = std::move(layers[2]);
    }
    return p;
}

QByteArray encodeChunk(const std::vector<EncodedPoint>& points) {
    QByteArray plain;
    const auto count = static_cast<std::uint32_t>(points.size());
    const auto width = static_cast<std::uint32_t>(points.empty() ? 0 : points.front().second.size());
    char b[8];
    qToLittleEndian(count, b);
    qToLittleEndian(width, b + 4);
    plain.append(b, 8);
    std::int64_t previous = 0;
    for (const auto& [time, bytes] : points) {
        qToLittleEndian<std::int64_t>(time - previous, b);  // deltas: mostly the same few bytes
        plain.append(b, 8);
        previous = time;
    }
    // Column by column, each byte stored as its difference to the same byte of the point before:
    // a metric that changes slowly becomes a run of zeros, which zlib packs to almost nothing.
    const qsizetype start = plain.size();
    plain.resize(start + qsizetype(count) * width);
    char* out = plain.data() + start;
    for (std::uint32_t col = 0; col < width; ++col) {
        std::uint8_t before = 0;
        for (std::uint32_t i = 0; i < count; ++i) {
            const QByteArray& bytes = points[i].second;
            const auto now = static_cast<std::uint8_t>(col < std::uint32_t(bytes.size()) ? bytes[col] : 0);
            *out++ = static_cast<char>(static_cast<std::uint8_t>(now - before));
            before = now;
        }
    }
    return qCompress(plain, 6);
}

std::vector<EncodedPoint> decodeChunk(const QByteArray& blob) {
    const QByteArray plain = qUncompress(blob);
    if (plain.size() < 8) return {};
    const auto count = qFromLittleEndian<std::uint32_t>(plain.constData());
    const auto width = qFromLittleEndian<std::uint32_t>(plain.constData() + 4);
    if (plain.size() != 8 + qsizetype(count) * 8 + qsizetype(count) * width) return {};
    std::vector<EncodedPoint> points(count);
    std::int64_t time = 0;
    const char* in = plain.constData() + 8;
    for (std::uint32_t i = 0; i < count; ++i, in += 8) {
        time += qFromLittleEndian<std::int64_t>(in);
        points[i].first = time;
        points[i].second.resize(width);
    }
    for (std::uint32_t col = 0; col < width; ++col) {
        std::uint8_t value = 0;
        for (std::uint32_t i = 0; i < count; ++i) {
            value = static_cast<std::uint8_t>(value + static_cast<std::uint8_t>(*in++));
            points[i].second[col] = static_cast<char>(value);
        }
    }
    return points;
}

}  // namespace fleetdeck::history
