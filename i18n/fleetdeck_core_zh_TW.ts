<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>HostState</name>
    <message>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>連線中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已連線</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>資料過時</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>auth failed</source>
        <translation>驗證失敗</translation>
    </message>
    <message>
        <source>host key unknown</source>
        <translation>主機金鑰未知</translation>
    </message>
    <message>
        <source>host key changed</source>
        <translation>主機金鑰已變更</translation>
    </message>
    <message>
        <source>incompatible agent</source>
        <translation>agent 不相容</translation>
    </message>
    <message>
        <source>agent misbehaving</source>
        <translation>agent 行為異常</translation>
    </message>
</context>
<context>
    <name>HostSummary</name>
    <message>
        <source>CPU package</source>
        <translation>CPU 封裝</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>none</source>
        <translation type="unfinished">無</translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uncorr. · %2 corr. (life: %3 · %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uncorr. · %2 corr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · reset pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 double · %2 single</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 planned, %2 failed, %3 skipped of %4 hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 verified, %2 rolled back, %3 failed, %4 skipped of %5 hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already set</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TemperatureBand</name>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>below %1 °C</source>
        <translation>低於 %1 °C</translation>
    </message>
    <message>
        <source>cool</source>
        <translation>低溫</translation>
    </message>
    <message>
        <source>%1–%2 °C target</source>
        <translation>%1–%2 °C 目標</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>above %1 °C</source>
        <translation>高於 %1 °C</translation>
    </message>
    <message>
        <source>HOT</source>
        <translation>高溫</translation>
    </message>
    <message>
        <source>at slowdown threshold</source>
        <translation>達降速門檻</translation>
    </message>
    <message>
        <source>SLOWDOWN</source>
        <translation>降速</translation>
    </message>
</context>
<context>
    <name>Throttle</name>
    <message>
        <source>HW thermal slowdown</source>
        <translation>硬體過熱降速</translation>
    </message>
    <message>
        <source>SW thermal slowdown</source>
        <translation>軟體過熱降速</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>電源煞車</translation>
    </message>
    <message>
        <source>HW slowdown</source>
        <translation>硬體降速</translation>
    </message>
    <message>
        <source>power cap</source>
        <translation>功率上限</translation>
    </message>
    <message>
        <source>sync boost</source>
        <translation>同步加速</translation>
    </message>
    <message>
        <source>application clocks</source>
        <translation>應用程式時脈</translation>
    </message>
    <message>
        <source>display clock</source>
        <translation>顯示時脈</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
</context>
<context>
    <name>fleetdeck::AuditTableModel</name>
    <message>
        <source>damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(this log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash chain and HMAC verified up to this entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not covered by verification: see the banner above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished">主機</translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Integrity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::FleetModel</name>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>Not checked for drift yet</source>
        <translation>尚未檢查偏移</translation>
    </message>
    <message>
        <source>No push to this host is recorded: nothing to compare</source>
        <translation>沒有推送到此主機的紀錄：無可比對</translation>
    </message>
    <message>
        <source>The drift check failed: %1</source>
        <translation>偏移檢查失敗：%1</translation>
    </message>
    <message numerus="yes">
        <source>All %n pushed setting(s) as pushed</source>
        <translation>
            <numerusform>全部 %n 項推送的設定皆維持推送值</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>警示</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPU temp</source>
        <translation>CPU 溫度</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>已用記憶體</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>GPU util avg / max</source>
        <translation>GPU 使用率 平均／最高</translation>
    </message>
    <message>
        <source>GPU temp avg / max</source>
        <translation>GPU 溫度 平均／最高</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 功率</translation>
    </message>
    <message>
        <source>Worst throttle</source>
        <translation>最嚴重降頻</translation>
    </message>
    <message>
        <source>Network ↓ / ↑</source>
        <translation>網路 ↓／↑</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>群組</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Connection state and why</source>
        <translation>連線狀態與原因</translation>
    </message>
    <message>
        <source>What needs attention on this host, in a word (hover for the reason)</source>
        <translation>此主機需要注意的事，一詞概括（游標停留可看原因）</translation>
    </message>
    <message>
        <source>Pushed settings that no longer have the pushed value (— when nothing was pushed to the host)</source>
        <translation>已不是推送值的推送設定（從未推送到此主機時顯示 —）</translation>
    </message>
    <message>
        <source>CPU utilization, all cores</source>
        <translation>CPU 使用率，所有核心</translation>
    </message>
    <message>
        <source>Hottest CPU sensor</source>
        <translation>最熱的 CPU 感測器</translation>
    </message>
    <message>
        <source>Number of GPUs</source>
        <translation>GPU 數量</translation>
    </message>
    <message>
        <source>GPU utilization: mean and maximum over the host&apos;s GPUs</source>
        <translation>GPU 使用率：此主機所有 GPU 的平均與最高值</translation>
    </message>
    <message>
        <source>GPU temperature: mean and maximum</source>
        <translation>GPU 溫度：平均與最高值</translation>
    </message>
    <message>
        <source>Board power of all GPUs together</source>
        <translation>所有 GPU 的板卡功率總和</translation>
    </message>
    <message>
        <source>The most severe active clock-slowdown reason of any GPU</source>
        <translation>所有 GPU 中最嚴重的正在生效時脈降速原因</translation>
    </message>
    <message>
        <source>All network interfaces together: received / sent</source>
        <translation>所有網路介面合計：接收／傳送</translation>
    </message>
    <message>
        <source>Rack and lowest unit</source>
        <translation>機架與最低單元</translation>
    </message>
    <message>
        <source>Time since the last sample</source>
        <translation>距上一個樣本的時間</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
    <message>
        <source>%1 (%2 lost)</source>
        <translation>%1（遺失 %2）</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>無 GPU</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>%1 (GPU %2)</source>
        <translation>%1（GPU %2）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>從未</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>剛剛</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1／%2</translation>
    </message>
</context>
<context>
    <name>fleetdeck::FleetMonitor</name>
    <message>
        <source>cannot stream samples: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuCoolingModel</name>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <translation type="unfinished">%1（模擬）</translation>
    </message>
    <message>
        <source>Lost: the GPU fell off the bus and answers nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature: %1 (slowdown at %2) — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization: %1, SM clock: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power: %1 of %2 limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock slowdown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished">無</translation>
    </message>
    <message>
        <source>PCIe: gen %1 x%2 (max gen %3 x%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to open the host page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished">無資料</translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuHealthModel</name>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished">無</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished">狀態</translation>
    </message>
    <message>
        <source>ECC errors (since load; life)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remapped rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retired pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe replays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLinks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last XIDs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostHistoryModel</name>
    <message>
        <source>Time (ms since epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU util %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU temp °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network received B/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network sent B/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostSession</name>
    <message>
        <source>no answer from the agent for %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished">連線中</translation>
    </message>
    <message>
        <source>reconnecting (attempt %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handshake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handshake failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent speaks protocol %1, this FleetDeck speaks %2: update FleetDeck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a %1-byte line (at most %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unreadable line (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answered %1 with something the app could not read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a %1 event the app could not read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a request (agents only answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a sample event with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a line longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent more than %1 unsolicited messages a second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an answer to request %1, which was never sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answered %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a ready event with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a %1 event with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>made %1 protocol errors, the last %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored from the agent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on %1 broke the protocol: it %2. Disconnected; if this repeats, redeploy FleetDeck&apos;s agent there and check that nothing else writes to its output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; retrying in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::InventoryModel</name>
    <message>
        <source>ssh default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished">群組</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation type="unfinished">機架</translation>
    </message>
    <message>
        <source>Position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished">標籤</translation>
    </message>
    <message>
        <source>there is already a host called %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::LatencyMesh</name>
    <message>
        <source>no session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its agent is too old to probe; update it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::LocalTransport</name>
    <message>
        <source>agent not found at %1: reinstall FleetDeck or set FLEETDECK_AGENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent exited with status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start the agent: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::PrivilegedTransport</name>
    <message>
        <source>connecting to %1 (%2 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the login shell on %1 (%2 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for sudo on %1 (%2 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the agent on %1 to announce itself (%2 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not log in to %1: no progress for %2 s; check that the server is up and not overloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the login shell on %1 did not start the agent: nothing for %2 s after the login; its startup files (~/.bashrc: conda or pyenv init?) are slow or wait for input, so make them return early for non-interactive shells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo on %1 did not start the agent within %2 s: it waits for something (a password, a PAM prompt); enter the password, or install the fleetdeck-agent package there and add the sudoers rule &quot;%3&quot; (LOGIN: your login there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on %1 started but did not announce itself within %2 s: the server may be overloaded; try again, or with fewer hosts at once (--parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>privileged agent via %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the privileged agent through sudo -n (no password)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the privileged agent through sudo; the password goes to sudo on stdin (never logged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the privileged agent (logged in as root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the privileged agent on %1 did not announce itself: its first line is not a ready event (an older agent, or something else writing to its output); redeploy FleetDeck&apos;s agent there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the privileged agent announced itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo needs a password on %1: enter it, or install the fleetdeck-agent package there and add the sudoers rule &quot;%2&quot; (LOGIN: your login there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo on %1 refused the password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this login may not run the agent through sudo on %1: ask for a sudoers entry, or log in as root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sudo is not installed on %1: log in as root for a push</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::PushProgressModel</name>
    <message>
        <source>Host</source>
        <translation type="unfinished">主機</translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished">狀態</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackModel</name>
    <message>
        <source> (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2–%3&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hottest: %1 at %2 °C&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No temperature yet&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::history</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fleetdeck::ssh::SshTransport</name>
    <message>
        <source>connection to %1 lost: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection to %1 lost while sending: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection to %1 lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on %1 exited with status %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent on %1 ended</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
