<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>HostHealth</name>
    <message>
        <source>connecting</source>
        <translation>連線中</translation>
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
        <source>login refused</source>
        <translation>登入被拒</translation>
    </message>
    <message>
        <source>host key?</source>
        <translation>主機金鑰？</translation>
    </message>
    <message>
        <source>host key changed</source>
        <translation>主機金鑰已變更</translation>
    </message>
    <message>
        <source>incompatible</source>
        <translation>不相容</translation>
    </message>
    <message>
        <source>agent error</source>
        <translation>agent 錯誤</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> 為 %1</translation>
    </message>
    <message>
        <source> (slowdown at %1)</source>
        <translation>（%1 開始降速）</translation>
    </message>
    <message>
        <source>: %1, clocks reduced</source>
        <translation>：%1，時脈已降低</translation>
    </message>
    <message>
        <source>thermal</source>
        <translation>過熱</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>電源煞車</translation>
    </message>
    <message>
        <source>GPU %1: the power supply asked for an emergency slowdown</source>
        <translation>GPU %1：電源供應器要求緊急降速</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>偏熱</translation>
    </message>
    <message>
        <source>GPU %1 at %2, above the 60–80 °C target band</source>
        <translation>GPU %1 為 %2，高於 60–80 °C 的目標區間</translation>
    </message>
    <message>
        <source>PCIe x%1</source>
        <translation>PCIe x%1</translation>
    </message>
    <message>
        <source>GPU %1 trained at PCIe x%2 of x%3: reseat the card or check the riser</source>
        <translation>GPU %1 的 PCIe 連結只有 x%2（最大 x%3）：請重新插拔顯示卡或檢查轉接卡</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>waiting for the first sample</source>
        <translation>等待第一個樣本</translation>
    </message>
    <message>
        <source>CPU hot</source>
        <translation>CPU 偏熱</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 為 %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>all readings within their bands</source>
        <translation>所有讀數都在正常區間內</translation>
    </message>
    <message>
        <source>%1 (+%2)</source>
        <translation>%1（+%2）</translation>
    </message>
    <message>
        <source>; inlet air %1</source>
        <translation>；進氣 %1</translation>
    </message>
</context>
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
    <name>Incident</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小時 %2 分</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小時</translation>
    </message>
</context>
<context>
    <name>LatencyMapModel</name>
    <message>
        <source>%1 → %2 (same rack)</source>
        <translation>%1 → %2（同機架）</translation>
    </message>
    <message>
        <source>%1 → %2 (across racks)</source>
        <translation>%1 → %2（跨機架）</translation>
    </message>
    <message>
        <source>%1: itself</source>
        <translation>%1：自己</translation>
    </message>
    <message>
        <source>%1
not measurable: simulated and real hosts cannot reach each other</source>
        <translation>%1
無法量測：模擬主機與實體主機彼此無法連線</translation>
    </message>
    <message>
        <source>%1
no data: %2</source>
        <translation>%1
無資料：%2</translation>
    </message>
    <message>
        <source>%1
no data yet</source>
        <translation>%1
尚無資料</translation>
    </message>
    <message>
        <source>%1 → %2:%3</source>
        <translation>%1 → %2:%3</translation>
    </message>
    <message>
        <source>sent %1, received %2, loss %3 %</source>
        <translation>送出 %1，收到 %2，掉包 %3 %</translation>
    </message>
    <message>
        <source>min %1 · p50 %2 · p95 %3 · max %4</source>
        <translation>最小 %1 · p50 %2 · p95 %3 · 最大 %4</translation>
    </message>
    <message>
        <source>errors: %1 timeout, %2 refused, %3 unreachable, %4 other</source>
        <translation>錯誤：逾時 %1、拒絕 %2、無法連達 %3、其他 %4</translation>
    </message>
    <message>
        <source>slow: p50 over 3× the median of its kind</source>
        <translation>緩慢：p50 超過同類中位數的 3 倍</translation>
    </message>
    <message>
        <source>not probed in the last round: measured %1 s before it</source>
        <translation>上一輪未探測：在該輪之前 %1 秒量測</translation>
    </message>
</context>
<context>
    <name>LatencyMatrix</name>
    <message>
        <source>%1: no measurements (%2)</source>
        <translation>%1：沒有量測（%2）</translation>
    </message>
    <message>
        <source>p50 %1</source>
        <translation>p50 %1</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>沒有回應</translation>
    </message>
    <message>
        <source>%1, %2 % loss</source>
        <translation>%1，掉包 %2 %</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <source>%1 → %2: %3; other same-rack links %4</source>
        <translation>%1 → %2：%3；同機架的其他連結為 %4</translation>
    </message>
    <message>
        <source>%1 → %2: %3; other cross-rack links %4</source>
        <translation>%1 → %2：%3；跨機架的其他連結為 %4</translation>
    </message>
    <message>
        <source>%1, measured %2 s before the last round</source>
        <translation>%1，在上一輪之前 %2 秒量測</translation>
    </message>
</context>
<context>
    <name>PrometheusHistory</name>
    <message>
        <source>Prometheus at %1, 1-second points</source>
        <translation>Prometheus（%1），每秒一點</translation>
    </message>
    <message>
        <source>Prometheus at %1, %2-second points</source>
        <translation>Prometheus（%1），每 %2 秒一點</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>%1 uncorr. · %2 corr. (life: %3 · %4)</source>
        <translation>%1 無法更正 · %2 已更正（累計：%3 · %4）</translation>
    </message>
    <message>
        <source>%1 uncorr. · %2 corr.</source>
        <translation>%1 無法更正 · %2 已更正</translation>
    </message>
    <message>
        <source> · FAILED</source>
        <translation> · 失敗</translation>
    </message>
    <message>
        <source> · reset pending</source>
        <translation> · 等待重設</translation>
    </message>
    <message>
        <source>%1 double · %2 single</source>
        <translation>%1 雙位元 · %2 單位元</translation>
    </message>
    <message>
        <source> · pending</source>
        <translation> · 等待中</translation>
    </message>
    <message>
        <source>%1/%2 up</source>
        <translation>%1/%2 正常</translation>
    </message>
    <message>
        <source> · %1 errors</source>
        <translation> · %1 個錯誤</translation>
    </message>
    <message>
        <source>%1 planned, %2 failed, %3 skipped of %4 hosts</source>
        <translation>%4 台主機中：%1 台已規劃、%2 台失敗、%3 台略過</translation>
    </message>
    <message>
        <source>%1 verified, %2 rolled back, %3 failed, %4 skipped of %5 hosts</source>
        <translation>%5 台主機中：%1 台已驗證、%2 台已復原、%3 台失敗、%4 台略過</translation>
    </message>
    <message>
        <source>%1 changed</source>
        <translation>%1 項已變更</translation>
    </message>
    <message>
        <source>%1 to change</source>
        <translation>%1 項待變更</translation>
    </message>
    <message>
        <source>%1 restored</source>
        <translation>%1 項已還原</translation>
    </message>
    <message>
        <source>%1 rejected</source>
        <translation>%1 項遭拒</translation>
    </message>
    <message>
        <source>%1 already set</source>
        <translation>%1 項已是目標值</translation>
    </message>
</context>
<context>
    <name>SoftwareFactsText</name>
    <message>
        <source>Kernel: preemption model unknown</source>
        <translation>核心：搶占模式不明</translation>
    </message>
    <message>
        <source>Kernel: real-time (PREEMPT_RT)</source>
        <translation>核心：即時核心（PREEMPT_RT）</translation>
    </message>
    <message>
        <source>Kernel: full preemption, not real-time</source>
        <translation>核心：完全搶占，非即時核心</translation>
    </message>
    <message>
        <source>Kernel: voluntary preemption, not real-time</source>
        <translation>核心：自願搶占，非即時核心</translation>
    </message>
    <message>
        <source>Kernel: no forced preemption, not real-time</source>
        <translation>核心：不強制搶占，非即時核心</translation>
    </message>
    <message>
        <source>CUDA: no toolkit or cuDNN found on the host (frameworks may bring their own)</source>
        <translation>CUDA：主機上找不到 toolkit 或 cuDNN（框架可能自帶）</translation>
    </message>
    <message>
        <source>CUDA: none</source>
        <translation>CUDA：無</translation>
    </message>
    <message>
        <source>toolkit %1</source>
        <translation>toolkit %1</translation>
    </message>
    <message>
        <source>no toolkit</source>
        <translation>無 toolkit</translation>
    </message>
    <message>
        <source>cuDNN %1</source>
        <translation>cuDNN %1</translation>
    </message>
    <message>
        <source>no cuDNN</source>
        <translation>無 cuDNN</translation>
    </message>
    <message>
        <source>the driver runs CUDA %1 at most</source>
        <translation>驅動程式最高支援 CUDA %1</translation>
    </message>
    <message>
        <source>CUDA: %1</source>
        <translation>CUDA：%1</translation>
    </message>
    <message>
        <source> — the toolkit is newer than the driver runs</source>
        <translation> — toolkit 比驅動程式支援的版本更新</translation>
    </message>
    <message>
        <source>%1 × %2.%3</source>
        <translation>%1 × %2.%3</translation>
    </message>
    <message>
        <source>BF16 and FP8 tensor cores</source>
        <translation>BF16 與 FP8 張量核心</translation>
    </message>
    <message>
        <source>BF16 tensor cores, no FP8</source>
        <translation>BF16 張量核心，無 FP8</translation>
    </message>
    <message>
        <source>FP16 only: no BF16 or FP8</source>
        <translation>僅 FP16：無 BF16 或 FP8</translation>
    </message>
    <message>
        <source>GPU compute capability: %1 — %2</source>
        <translation>GPU 運算能力：%1 — %2</translation>
    </message>
    <message>
        <source>Containers: unknown</source>
        <translation>容器：不明</translation>
    </message>
    <message>
        <source>Docker</source>
        <translation>Docker</translation>
    </message>
    <message>
        <source>Podman</source>
        <translation>Podman</translation>
    </message>
    <message>
        <source>Containers: no Docker or Podman</source>
        <translation>容器：無 Docker 或 Podman</translation>
    </message>
    <message>
        <source>slurmd running</source>
        <translation>slurmd 執行中</translation>
    </message>
    <message>
        <source>kubelet running</source>
        <translation>kubelet 執行中</translation>
    </message>
    <message>
        <source>slurm.conf present</source>
        <translation>有 slurm.conf</translation>
    </message>
    <message>
        <source>Scheduler: %1</source>
        <translation>排程器：%1</translation>
    </message>
    <message>
        <source>Scheduler: unknown</source>
        <translation>排程器：不明</translation>
    </message>
    <message>
        <source>Scheduler: none (no slurmd or kubelet)</source>
        <translation>排程器：無（沒有 slurmd 或 kubelet）</translation>
    </message>
    <message>
        <source>Docker and Podman</source>
        <translation>Docker 與 Podman</translation>
    </message>
    <message>
        <source>Containers: %1 with the NVIDIA container runtime and 1 CDI spec</source>
        <translation>容器：%1，具 NVIDIA 容器執行環境與 1 個 CDI 規格</translation>
    </message>
    <message>
        <source>Containers: %1 with the NVIDIA container runtime and %2 CDI specs</source>
        <translation>容器：%1，具 NVIDIA 容器執行環境與 %2 個 CDI 規格</translation>
    </message>
    <message>
        <source>Containers: %1 with the NVIDIA container runtime</source>
        <translation>容器：%1，具 NVIDIA 容器執行環境</translation>
    </message>
    <message>
        <source>Containers: %1 with 1 CDI spec</source>
        <translation>容器：%1，具 1 個 CDI 規格</translation>
    </message>
    <message>
        <source>Containers: %1 with %2 CDI specs</source>
        <translation>容器：%1，具 %2 個 CDI 規格</translation>
    </message>
    <message>
        <source>Containers: %1, but no NVIDIA runtime or CDI spec: containers do not see the GPUs</source>
        <translation>容器：%1，但沒有 NVIDIA 執行環境或 CDI 規格：容器看不到 GPU</translation>
    </message>
    <message>
        <source>Containers: %1, no NVIDIA runtime</source>
        <translation>容器：%1，沒有 NVIDIA 執行環境</translation>
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
    <name>alerts</name>
    <message>
        <source>Open host</source>
        <translation>開啟主機</translation>
    </message>
    <message>
        <source>desktop notifications: looking for a notification service on the session bus</source>
        <translation>桌面通知：正在工作階段匯流排上尋找通知服務</translation>
    </message>
    <message>
        <source>desktop notifications are on</source>
        <translation>桌面通知已開啟</translation>
    </message>
    <message>
        <source>desktop notifications are off: no session bus (DBUS_SESSION_BUS_ADDRESS is not set or cannot be reached); start FleetDeck inside a desktop session</source>
        <translation>桌面通知已關閉：沒有工作階段匯流排（未設定 DBUS_SESSION_BUS_ADDRESS 或無法連上）；請在桌面工作階段中啟動 FleetDeck</translation>
    </message>
    <message>
        <source>desktop notifications are off: no notification service on the session bus; start the desktop&apos;s notification daemon (for example dunst or notification-daemon), FleetDeck tries again with the next alert</source>
        <translation>桌面通知已關閉：工作階段匯流排上沒有通知服務；請啟動桌面的通知常駐程式（例如 dunst 或 notification-daemon），FleetDeck 會在下一則警示時再試一次</translation>
    </message>
    <message>
        <source>thermal throttling</source>
        <translation>過熱降頻</translation>
    </message>
    <message>
        <source>power-cap throttling</source>
        <translation>功率上限降頻</translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation>硬體降速</translation>
    </message>
    <message>
        <source>health problem</source>
        <translation>健康問題</translation>
    </message>
    <message>
        <source>PCIe link downgraded</source>
        <translation>PCIe 鏈路降級</translation>
    </message>
    <message>
        <source>fan problem</source>
        <translation>風扇問題</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>slow link</source>
        <translation>鏈路緩慢</translation>
    </message>
    <message>
        <source>slow link to %1</source>
        <translation>到 %1 的鏈路緩慢</translation>
    </message>
    <message>
        <source>settings pushed</source>
        <translation>設定已推送</translation>
    </message>
    <message>
        <source>settings rolled back</source>
        <translation>設定已復原</translation>
    </message>
    <message>
        <source>commissioning report</source>
        <translation>驗收報告</translation>
    </message>
    <message>
        <source>setting drifted</source>
        <translation>設定已偏移</translation>
    </message>
    <message>
        <source>%1 drifted from what was pushed</source>
        <translation>%1 已偏離推送的值</translation>
    </message>
    <message>
        <source>GPU %1 %2</source>
        <translation>GPU %1 %2</translation>
    </message>
    <message>
        <source>%1 (ended)</source>
        <translation>%1（已結束）</translation>
    </message>
    <message>
        <source>%1
on %2 since %3</source>
        <translation>%1
主機 %2，自 %3 起</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>…… 還有 %1 則</translation>
    </message>
    <message>
        <source>%1 more incidents: %2</source>
        <translation>另有 %1 個事件：%2</translation>
    </message>
    <message>
        <source>desktop notifications are off: the notification service refused the call (%1: %2); FleetDeck tries again with the next alert</source>
        <translation>桌面通知已關閉：通知服務拒絕了呼叫（%1：%2）；FleetDeck 會在下一則警示時再試一次</translation>
    </message>
    <message>
        <source>held idle</source>
        <translation>佔用閒置</translation>
    </message>
    <message>
        <source>bottleneck</source>
        <translation>瓶頸</translation>
    </message>
    <message>
        <source>bottleneck (%1)</source>
        <translation>瓶頸（%1）</translation>
    </message>
    <message>
        <source>power or air problem (%1)</source>
        <translation>電力或氣流問題（%1）</translation>
    </message>
</context>
<context>
    <name>commission</name>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>%1: not checked (%2); the spec says %3</source>
        <translation>%1：未檢查（%2）；規格要求 %3</translation>
    </message>
    <message>
        <source>%1 %2, the spec says %3</source>
        <translation>%1 為 %2，規格要求 %3</translation>
    </message>
    <message>
        <source>the other %1 hosts</source>
        <translation>其他 %1 台主機</translation>
    </message>
    <message>
        <source>%1 of the other %2 hosts</source>
        <translation>其他 %2 台主機中有 %1 台</translation>
    </message>
    <message>
        <source>%1 %2, %3 %4</source>
        <translation>%1 為 %2，%3 為 %4</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>嚴重</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 critical</source>
        <translation>%1 項嚴重</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 項警告</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 項警告</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通過</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>不通過</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>thermal slowdown in %1 of %2 samples (%3)</source>
        <translation>%2 次取樣中有 %1 次過熱降頻（%3）</translation>
    </message>
    <message>
        <source>, at up to %1</source>
        <translation>，最高達 %1</translation>
    </message>
    <message>
        <source>; slowdown threshold %1</source>
        <translation>；降頻門檻 %1</translation>
    </message>
    <message>
        <source>hardware slowdown in %1 of %2 samples (%3)</source>
        <translation>%2 次取樣中有 %1 次硬體降頻（%3）</translation>
    </message>
    <message>
        <source>at its power cap %1 of the time under load</source>
        <translation>負載期間有 %1 的時間處於功耗上限</translation>
    </message>
    <message>
        <source>SM clock under load %1 MHz (median), %2 of %3 MHz</source>
        <translation>負載下 SM 時脈 %1 MHz（中位數），為 %3 MHz 的 %2</translation>
    </message>
    <message>
        <source>fan at %1 or more in %2 of the samples (up to %3 %)</source>
        <translation>%2 的取樣中風扇轉速達 %1 以上（最高 %3 %）</translation>
    </message>
    <message>
        <source>the load command did not start</source>
        <translation>負載指令沒有啟動</translation>
    </message>
    <message>
        <source>the load command did not start: %1</source>
        <translation>負載指令沒有啟動：%1</translation>
    </message>
    <message>
        <source>the load command exited with status %1</source>
        <translation>負載指令以狀態 %1 結束</translation>
    </message>
    <message>
        <source>Burn-in incomplete: recording stopped after %1: %2</source>
        <translation>燒機未完成：記錄在 %1 後中斷：%2</translation>
    </message>
    <message>
        <source>Burn-in load failed: %1</source>
        <translation>燒機負載失敗：%1</translation>
    </message>
    <message>
        <source>under load (≥ %1 % utilization)</source>
        <translation>處於負載下（使用率 ≥ %1 %）</translation>
    </message>
    <message>
        <source>No GPU was %1 during the burn-in; it proves little</source>
        <translation>燒機期間沒有任何 GPU %1，這次燒機說明不了什麼</translation>
    </message>
    <message>
        <source>GPU %1 never %2 during the burn-in</source>
        <translation>GPU %1 在燒機期間從未%2</translation>
    </message>
    <message>
        <source>%1 under load, %2 hotter than the median %3 of the rack&apos;s %4 %5 GPUs (MAD %6)</source>
        <translation>負載下 %1，比本機架 %4 顆 %5 GPU 的中位數 %3 高 %2（MAD %6）</translation>
    </message>
    <message>
        <source>nothing to commission: give the rack&apos;s hosts, or a golden host to learn the spec from</source>
        <translation>沒有可驗收的主機：請提供機架的主機，或提供可學習規格的標準主機</translation>
    </message>
    <message>
        <source>no spec: give a spec, or a golden host to learn it from</source>
        <translation>沒有規格：請提供規格，或提供可學習規格的標準主機</translation>
    </message>
    <message>
        <source>reading facts and a sample from 1 host</source>
        <translation>正在讀取 1 台主機的資訊與一筆取樣</translation>
    </message>
    <message>
        <source>reading facts and a sample from %1 hosts</source>
        <translation>正在讀取 %1 台主機的資訊與一筆取樣</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒內沒有回應</translation>
    </message>
    <message>
        <source>learning the spec from %1</source>
        <translation>正在從 %1 學習規格</translation>
    </message>
    <message>
        <source>cannot learn the spec from %1: %2: %3</source>
        <translation>無法從 %1 學習規格：%2：%3</translation>
    </message>
    <message>
        <source>latency round among %1 hosts</source>
        <translation>在 %1 台主機之間量測一輪延遲</translation>
    </message>
    <message>
        <source>burn-in for %1, a sample every %2 s%3</source>
        <translation>燒機 %1，每 %2 秒取樣一次%3</translation>
    </message>
    <message>
        <source>, load: %1</source>
        <translation>，負載：%1</translation>
    </message>
    <message>
        <source>judging %1 hosts</source>
        <translation>正在判定 %1 台主機</translation>
    </message>
    <message>
        <source>cancelled before it answered</source>
        <translation>在回應之前已取消</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未回報</translation>
    </message>
    <message>
        <source>GPU lost</source>
        <translation>GPU 已遺失</translation>
    </message>
    <message>
        <source>needs a sample</source>
        <translation>需要一筆取樣</translation>
    </message>
    <message>
        <source>CPU model</source>
        <translation>CPU 型號</translation>
    </message>
    <message>
        <source>CPU sockets</source>
        <translation>CPU 插槽數</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>memory modules</source>
        <translation>記憶體模組</translation>
    </message>
    <message>
        <source>slowest memory module&apos;s running speed</source>
        <translation>最慢記憶體模組的運作速度</translation>
    </message>
    <message>
        <source>GPUs on the PCI bus</source>
        <translation>PCI 匯流排上的 GPU</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型號</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 記憶體</translation>
    </message>
    <message>
        <source>PCIe generation (the most the GPU and its slot allow)</source>
        <translation>PCIe 世代（GPU 與其插槽所允許的最高值）</translation>
    </message>
    <message>
        <source>PCIe link width</source>
        <translation>PCIe 連結寬度</translation>
    </message>
    <message>
        <source>lanes</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>NVLink links up</source>
        <translation>已連線的 NVLink 連結</translation>
    </message>
    <message>
        <source>ECC</source>
        <translation>ECC</translation>
    </message>
    <message>
        <source>persistence mode</source>
        <translation>持續模式</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驅動程式</translation>
    </message>
    <message>
        <source>VBIOS</source>
        <translation>VBIOS</translation>
    </message>
    <message>
        <source>fastest NIC</source>
        <translation>最快的網路卡</translation>
    </message>
    <message>
        <source>NICs at that speed</source>
        <translation>達到該速度的網路卡</translation>
    </message>
    <message>
        <source>MTU of the fastest NICs</source>
        <translation>最快網路卡的 MTU</translation>
    </message>
    <message>
        <source>InfiniBand ports active</source>
        <translation>啟用中的 InfiniBand 連接埠</translation>
    </message>
    <message>
        <source>slowest active InfiniBand port</source>
        <translation>最慢的啟用中 InfiniBand 連接埠</translation>
    </message>
    <message>
        <source>NVMe drives</source>
        <translation>NVMe 硬碟</translation>
    </message>
    <message>
        <source>smallest NVMe drive</source>
        <translation>最小的 NVMe 硬碟</translation>
    </message>
    <message>
        <source>BIOS vendor</source>
        <translation>BIOS 廠商</translation>
    </message>
    <message>
        <source>BIOS version</source>
        <translation>BIOS 版本</translation>
    </message>
    <message>
        <source>server model</source>
        <translation>伺服器型號</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>作業系統</translation>
    </message>
    <message>
        <source>hardware virtualization</source>
        <translation>硬體虛擬化</translation>
    </message>
    <message>
        <source>needs root</source>
        <translation>需要 root 權限</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>無法取得</translation>
    </message>
    <message>
        <source>on</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>沒有 GPU</translation>
    </message>
    <message>
        <source>NVML not loaded</source>
        <translation>未載入 NVML</translation>
    </message>
    <message>
        <source>no NIC with a link</source>
        <translation>沒有已連線的網路卡</translation>
    </message>
    <message>
        <source>no active port</source>
        <translation>沒有啟用中的連接埠</translation>
    </message>
    <message>
        <source>no NVMe drive</source>
        <translation>沒有 NVMe 硬碟</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>延遲：%1</translation>
    </message>
    <message>
        <source>bandwidth round among %1 hosts%2</source>
        <translation>%1 台主機間的頻寬測試輪%2</translation>
    </message>
    <message>
        <source>, then RDMA</source>
        <translation>，接著 RDMA</translation>
    </message>
    <message>
        <source>, then NCCL inside each</source>
        <translation>，接著各主機內的 NCCL</translation>
    </message>
    <message>
        <source>bandwidth test %1 of %2: %3</source>
        <translation>頻寬測試 %1／%2：%3</translation>
    </message>
    <message>
        <source>reading %1 on each host, one at a time</source>
        <translation>逐台在每台主機上讀取 %1</translation>
    </message>
    <message>
        <source>reading %1 on %2 (%3 of %4)</source>
        <translation>在 %2 上讀取 %1（%3／%4）</translation>
    </message>
    <message>
        <source>slowest TCP pair in the bandwidth round</source>
        <translation>頻寬測試輪中最慢的 TCP 主機對</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未量測</translation>
    </message>
    <message>
        <source>slowest RDMA pair in the bandwidth round</source>
        <translation>頻寬測試輪中最慢的 RDMA 主機對</translation>
    </message>
    <message>
        <source>NCCL all-reduce bus bandwidth inside the host</source>
        <translation>主機內 NCCL all-reduce 匯流排頻寬</translation>
    </message>
    <message>
        <source>sequential read of the data path</source>
        <translation>資料路徑的循序讀取</translation>
    </message>
    <message>
        <source>inlet air reached %1, above ASHRAE&apos;s recommended %2: check the cold aisle at this unit before the rack goes live</source>
        <translation>進氣達 %1，高於 ASHRAE 建議的 %2：機架上線前請檢查此單元前的冷通道</translation>
    </message>
    <message>
        <source>inlet air at %1, below ASHRAE&apos;s recommended %2: check the room&apos;s set point and the floor tile in front</source>
        <translation>進氣為 %1，低於 ASHRAE 建議的 %2：請檢查機房的設定溫度與前方的地板出風磚</translation>
    </message>
</context>
<context>
    <name>drift</name>
    <message>
        <source>lost since the reboot on %1 (the push was runtime only)</source>
        <translation>自 %1 重新開機後遺失（該次推送只在執行期間有效）</translation>
    </message>
    <message>
        <source>lost since the reboot (the push was runtime only)</source>
        <translation>自重新開機後遺失（該次推送只在執行期間有效）</translation>
    </message>
    <message>
        <source>changed by hand (nothing FleetDeck can see explains it)</source>
        <translation>被手動變更（FleetDeck 看不到任何可解釋的原因）</translation>
    </message>
    <message>
        <source>tuned profile %1 sets %2 = %3</source>
        <translation>tuned 設定檔 %1 設定了 %2 = %3</translation>
    </message>
    <message>
        <source>%1 sets %2 = %3 after FleetDeck&apos;s file</source>
        <translation>%1 在 FleetDeck 的檔案之後設定了 %2 = %3</translation>
    </message>
    <message>
        <source>changed by hand (no reboot, tuned profile or sysctl.d file explains it)</source>
        <translation>被手動變更（重新開機、tuned 設定檔或 sysctl.d 檔案都無法解釋）</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>沒有值</translation>
    </message>
    <message>
        <source>pushed %1, now %2: %3</source>
        <translation>推送值 %1，目前值 %2：%3</translation>
    </message>
</context>
<context>
    <name>fabric</name>
    <message>
        <source> (judged against the median of the pairs: the NICs report no speed)</source>
        <translation>（以各對的中位數為基準判定：網路卡未回報速度）</translation>
    </message>
    <message>
        <source>%1: every pair with this host is slow, %2 to %3 (%4 pairs) where the others carry %5: its NIC, cable or switch port</source>
        <translation>%1：與此主機的每一對都很慢，%2 至 %3（%4 對），其他主機對則達 %5：問題在它的網路卡、纜線或交換器連接埠</translation>
    </message>
    <message>
        <source>%1 → %2 carries %3 and %2 → %1 %4 of %5 (under %6): the path between them (a cable, optic or switch hop on the way), as both hosts reach the others</source>
        <translation>%1 → %2 為 %3，%2 → %1 為 %4，基準 %5（低於 %6）：問題在兩者之間的路徑（途中的纜線、光模組或交換器），因為兩台主機與其他主機之間都正常</translation>
    </message>
    <message>
        <source>%1 → %2 carries %3 but %2 → %1 %4: one direction of the path is limited (a duplex or flow-control setting, a congested uplink)</source>
        <translation>%1 → %2 為 %3，但 %2 → %1 只有 %4：路徑的一個方向受限（雙工或流量控制設定、壅塞的上行鏈路）</translation>
    </message>
    <message>
        <source>%1 → %2: %3 % of the segments sent were retransmitted (%4 of %5; above %6 %): loss on the path, look at both NICs&apos; error counters and the switch port</source>
        <translation>%1 → %2：已傳送的區段中有 %3 % 被重送（%5 個中的 %4 個；高於 %6 %）：路徑上有封包遺失，請檢查兩端網路卡的錯誤計數與交換器連接埠</translation>
    </message>
    <message>
        <source>%1: %2 has MTU %3 where %4 other hosts have %5: frames larger than the smaller MTU are fragmented or dropped between them; set one MTU on the whole fabric</source>
        <translation>%1：%2 的 MTU 為 %3，而其他 %4 台主機為 %5：大於較小 MTU 的訊框會在兩者之間被分段或丟棄；請在整個網路上設定同一個 MTU</translation>
    </message>
    <message>
        <source>%1: %2 negotiated %3 where %4 other hosts&apos; %2 run at %5: reseat or replace the cable or optic, and check the switch port&apos;s speed setting</source>
        <translation>%1：%2 協商為 %3，而其他 %4 台主機的 %2 為 %5：請重新插拔或更換纜線或光模組，並檢查交換器連接埠的速度設定</translation>
    </message>
    <message>
        <source>%1: not measured: %2</source>
        <translation>%1：未量測：%2</translation>
    </message>
    <message>
        <source>%1 → %2: not measured: %3</source>
        <translation>%1 → %2：未量測：%3</translation>
    </message>
    <message>
        <source>%1: InfiniBand error counters grew during the test (%2): a cable, optic or switch port is failing; clean or replace it, or move to another switch port</source>
        <translation>%1：測試期間 InfiniBand 錯誤計數增加（%2）：線材、光模組或交換器連接埠正在故障；請清潔或更換，或改接到另一個交換器連接埠</translation>
    </message>
    <message>
        <source>%1: NIC error counters grew during the test (%2): usually CRC errors from a bad cable, optic or switch port; read ethtool -S, then replace the cable or optic</source>
        <translation>%1：測試期間網路卡錯誤計數增加（%2）：通常是線材、光模組或交換器連接埠不良造成的 CRC 錯誤；請查看 ethtool -S，然後更換線材或光模組</translation>
    </message>
    <message>
        <source>%1 reads %2 at %3, %4 % of the %5 hosts&apos; median %6 (%7): the disk, its mount options or the path to the file server; compare the mount (%8) with a fast host&apos;s</source>
        <translation>%1 讀取 %2 的速度為 %3，是 %5 台主機中位數 %6 的 %4 %（%7）：問題在磁碟、其掛載選項或通往檔案伺服器的路徑；請將此掛載（%8）與較快主機的掛載比較</translation>
    </message>
    <message>
        <source>read directly</source>
        <translation>直接讀取</translation>
    </message>
    <message>
        <source>through the page cache</source>
        <translation>經由頁面快取</translation>
    </message>
    <message>
        <source>%1: all_reduce_perf found %2 wrong results at %3: a GPU or its link corrupts data; run the GPUs&apos; diagnostics (dcgmi diag -r 3) before any job</source>
        <translation>%1：all_reduce_perf 在 %3 發現 %2 個錯誤結果：有 GPU 或其連結損毀資料；在執行任何工作前先跑 GPU 診斷（dcgmi diag -r 3）</translation>
    </message>
    <message>
        <source>%1: NCCL all-reduce inside the host reaches %2 bus bandwidth at %3, %4 % of the %5 an 8-GPU %6 board reaches (%7): check the GPUs&apos; peer-to-peer paths (nvidia-smi topo -m), NVLink state and the fabric manager</source>
        <translation>%1：主機內 NCCL all-reduce 在 %3 時匯流排頻寬為 %2，只有 8 GPU %6 機板應達 %5 的 %4 %（%7）：檢查 GPU 間的點對點路徑（nvidia-smi topo -m）、NVLink 狀態與 fabric manager</translation>
    </message>
    <message>
        <source>%1: NCCL all-reduce inside the host reaches %2 bus bandwidth at %3, %4 % of the median %5 of the %6 hosts with %7 (no NVIDIA figure for this board): check the GPUs&apos; peer-to-peer paths (nvidia-smi topo -m) against a fast host&apos;s</source>
        <translation>%1：主機內 NCCL all-reduce 在 %3 時匯流排頻寬為 %2，只有 %6 台配備 %7 的主機中位數 %5 的 %4 %（此機板沒有 NVIDIA 數值）：將 GPU 間的點對點路徑（nvidia-smi topo -m）與快速主機比對</translation>
    </message>
    <message>
        <source>%1: NCCL not measured: %2</source>
        <translation>%1：NCCL 未量測：%2</translation>
    </message>
</context>
<context>
    <name>fleetdeck::AuditTableModel</name>
    <message>
        <source>damaged</source>
        <translation>已損壞</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>未驗證</translation>
    </message>
    <message>
        <source>(this log)</source>
        <translation>（此記錄）</translation>
    </message>
    <message>
        <source>Hash chain and HMAC verified up to this entry</source>
        <translation>雜湊鏈與 HMAC 已驗證至此項目</translation>
    </message>
    <message>
        <source>Not covered by verification: see the banner above</source>
        <translation>不在驗證範圍內：請見上方橫幅</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時間（UTC）</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>動作</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>變更前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>變更後</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Integrity</source>
        <translation>完整性</translation>
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
        <translation>無法串流樣本：%1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuCoolingModel</name>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
    <message>
        <source>Lost: the GPU fell off the bus and answers nothing.</source>
        <translation>遺失：GPU 已從匯流排上脫落，沒有任何回應。</translation>
    </message>
    <message>
        <source>Temperature: %1 (slowdown at %2) — %3</source>
        <translation>溫度：%1（%2 時降速）— %3</translation>
    </message>
    <message>
        <source>Utilization: %1, SM clock: %2</source>
        <translation>使用率：%1，SM 時脈：%2</translation>
    </message>
    <message>
        <source>Power: %1 of %2 limit</source>
        <translation>功耗：%1（上限 %2）</translation>
    </message>
    <message>
        <source>Fan: %1</source>
        <translation>風扇：%1</translation>
    </message>
    <message>
        <source>Clock slowdown: %1</source>
        <translation>時脈降速：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>PCIe: gen %1 x%2 (max gen %3 x%4)</source>
        <translation>PCIe：gen %1 x%2（最高 gen %3 x%4）</translation>
    </message>
    <message>
        <source>Click to open the host page.</source>
        <translation>按一下開啟主機頁面。</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>遺失</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuHealthModel</name>
    <message>
        <source>lost</source>
        <translation>遺失</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>ECC errors (since load; life)</source>
        <translation>ECC 錯誤（自載入起；累計）</translation>
    </message>
    <message>
        <source>Remapped rows</source>
        <translation>已重新對應的列</translation>
    </message>
    <message>
        <source>Retired pages</source>
        <translation>已停用的分頁</translation>
    </message>
    <message>
        <source>PCIe replays</source>
        <translation>PCIe 重送</translation>
    </message>
    <message>
        <source>NVLinks</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>Last XIDs</source>
        <translation>最近的 XID</translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuProcessModel</name>
    <message>
        <source>compute</source>
        <translation>運算</translation>
    </message>
    <message>
        <source>graphics</source>
        <translation>圖形</translation>
    </message>
    <message>
        <source>MPS</source>
        <translation>MPS</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm 工作 %1</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>pod %1</translation>
    </message>
    <message>
        <source>unit %1</source>
        <translation>單元 %1</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <source>The agent cannot read this process&apos;s /proc entry: another user&apos;s process seen by an agent without root, or one in another pid namespace</source>
        <translation>代理程式無法讀取這個行程的 /proc 項目：可能是非 root 代理程式看到的其他使用者行程，或是位於其他 pid 命名空間的行程</translation>
    </message>
    <message>
        <source>no processes</source>
        <translation>沒有行程</translation>
    </message>
    <message>
        <source>the driver cannot list processes</source>
        <translation>驅動程式無法列出行程</translation>
    </message>
    <message>
        <source>This GPU&apos;s NVML has no process calls, or they failed for this GPU</source>
        <translation>這張 GPU 的 NVML 沒有行程相關呼叫，或呼叫在這張 GPU 上失敗</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>The driver gives no per-process SM figure for this GPU</source>
        <translation>驅動程式沒有提供這張 GPU 每個行程的 SM 數據</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>User</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>行程</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 記憶體</translation>
    </message>
    <message>
        <source>SM</source>
        <translation>SM</translation>
    </message>
    <message>
        <source>Slurm job, container, pod or unit</source>
        <translation>Slurm 工作、容器、pod 或單元</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostHistoryModel</name>
    <message>
        <source>Time (ms since epoch)</source>
        <translation>時間（epoch 起的毫秒數）</translation>
    </message>
    <message>
        <source>CPU util %</source>
        <translation>CPU 使用率 %</translation>
    </message>
    <message>
        <source>CPU temp °C</source>
        <translation>CPU 溫度 °C</translation>
    </message>
    <message>
        <source>Network received B/s</source>
        <translation>網路接收 B/s</translation>
    </message>
    <message>
        <source>Network sent B/s</source>
        <translation>網路傳送 B/s</translation>
    </message>
    <message>
        <source>GPU %1 %2</source>
        <translation>GPU %1 %2</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostSession</name>
    <message>
        <source>no answer from the agent for %1 s</source>
        <translation>agent 已 %1 秒沒有回應</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>連線中</translation>
    </message>
    <message>
        <source>reconnecting (attempt %1)</source>
        <translation>重新連線中（第 %1 次嘗試）</translation>
    </message>
    <message>
        <source>handshake</source>
        <translation>交握中</translation>
    </message>
    <message>
        <source>handshake failed: %1</source>
        <translation>交握失敗：%1</translation>
    </message>
    <message>
        <source>the agent speaks protocol %1, this FleetDeck speaks %2: update FleetDeck</source>
        <translation>agent 使用協定 %1，此 FleetDeck 使用 %2：請更新 FleetDeck</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>agent %1</translation>
    </message>
    <message>
        <source>sent a %1-byte line (at most %2)</source>
        <translation>送出了 %1 位元組的一行（上限 %2）</translation>
    </message>
    <message>
        <source>an unreadable line (%1)</source>
        <translation>一行無法讀取的內容（%1）</translation>
    </message>
    <message>
        <source>answered %1 with something the app could not read (%2)</source>
        <translation>對 %1 的回應是應用程式無法讀取的內容（%2）</translation>
    </message>
    <message>
        <source>sent a %1 event the app could not read (%2)</source>
        <translation>送出了應用程式無法讀取的 %1 事件（%2）</translation>
    </message>
    <message>
        <source>a request (agents only answer)</source>
        <translation>一個請求（agent 只能回應）</translation>
    </message>
    <message>
        <source>sent a sample event with %1</source>
        <translation>送出的樣本事件含有 %1</translation>
    </message>
    <message>
        <source>sent a line longer than %1 bytes</source>
        <translation>送出了超過 %1 位元組的一行</translation>
    </message>
    <message>
        <source>sent more than %1 unsolicited messages a second</source>
        <translation>每秒送出超過 %1 則未經請求的訊息</translation>
    </message>
    <message>
        <source>an answer to request %1, which was never sent</source>
        <translation>回應了從未送出的請求 %1</translation>
    </message>
    <message>
        <source>answered %1 with %2</source>
        <translation>對 %1 的回應含有 %2</translation>
    </message>
    <message>
        <source>sent a ready event with %1</source>
        <translation>送出的 ready 事件含有 %1</translation>
    </message>
    <message>
        <source>sent a %1 event with %2</source>
        <translation>送出的 %1 事件含有 %2</translation>
    </message>
    <message>
        <source>made %1 protocol errors, the last %2</source>
        <translation>發生 %1 次協定錯誤，最後一次：%2</translation>
    </message>
    <message>
        <source>the agent on %1 broke the protocol: it %2. Disconnected; if this repeats, redeploy FleetDeck&apos;s agent there and check that nothing else writes to its output</source>
        <translation>%1 上的 agent 違反了協定：%2。已中斷連線；若再次發生，請在該處重新部署 FleetDeck 的 agent，並確認沒有其他程式寫入它的輸出</translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation>連線已關閉</translation>
    </message>
    <message>
        <source>%1; retrying in %2 s</source>
        <translation>%1；%2 秒後重試</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostSpec</name>
    <message>
        <source>This machine</source>
        <translation>本機</translation>
    </message>
</context>
<context>
    <name>fleetdeck::InventoryModel</name>
    <message>
        <source>ssh default</source>
        <translation>ssh 預設值</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>位址</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>連接埠</translation>
    </message>
    <message>
        <source>User</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Jump host</source>
        <translation>跳板主機</translation>
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
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>there is already a host called %1</source>
        <translation>已有名為 %1 的主機</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LatencyMesh</name>
    <message>
        <source>no session</source>
        <translation>沒有工作階段</translation>
    </message>
    <message>
        <source>its agent is too old to probe; update it</source>
        <translation>它的 agent 太舊，無法探測；請更新</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LocalTransport</name>
    <message>
        <source>agent not found at %1: reinstall FleetDeck or set FLEETDECK_AGENT</source>
        <translation>在 %1 找不到 agent：請重新安裝 FleetDeck 或設定 FLEETDECK_AGENT</translation>
    </message>
    <message>
        <source>the agent crashed</source>
        <translation>agent 當掉了</translation>
    </message>
    <message>
        <source>the agent exited with status %1</source>
        <translation>agent 以狀態 %1 結束</translation>
    </message>
    <message>
        <source>could not start the agent: %1</source>
        <translation>無法啟動 agent：%1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PlatformFactsModel</name>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>需檢查</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>未檢查</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Secure Boot</source>
        <translation>安全開機（Secure Boot）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>unknown (no EFI variables: legacy boot or not readable)</source>
        <translation>不明（沒有 EFI 變數：傳統開機或無法讀取）</translation>
    </message>
    <message>
        <source>integrity (only signed kernel modules load)</source>
        <translation>integrity（只載入已簽章的核心模組）</translation>
    </message>
    <message>
        <source>confidentiality (no kernel memory reads, no unsigned modules)</source>
        <translation>confidentiality（不可讀取核心記憶體，不載入未簽章模組）</translation>
    </message>
    <message>
        <source>Kernel lockdown</source>
        <translation>核心鎖定（lockdown）</translation>
    </message>
    <message>
        <source>unknown (kernel without the lockdown module)</source>
        <translation>不明（核心沒有 lockdown 模組）</translation>
    </message>
    <message>
        <source>Memory modules</source>
        <translation>記憶體模組</translation>
    </message>
    <message>
        <source>not checked (needs root)</source>
        <translation>未檢查（需要 root）</translation>
    </message>
    <message>
        <source>The SMBIOS table is root&apos;s only: connect with sudo (a push or commission --sudo) to read the modules.</source>
        <translation>SMBIOS 表只有 root 能讀：以 sudo 連線（推送設定或 commission --sudo）才能讀取模組。</translation>
    </message>
    <message>
        <source>not available (no SMBIOS table)</source>
        <translation>無法取得（沒有 SMBIOS 表）</translation>
    </message>
    <message>
        <source>unknown size</source>
        <translation>容量不明</translation>
    </message>
    <message>
        <source>(type unknown)</source>
        <translation>（類型不明）</translation>
    </message>
    <message>
        <source>no modules installed</source>
        <translation>未安裝模組</translation>
    </message>
    <message>
        <source>, rated %1 MT/s</source>
        <translation>，額定 %1 MT/s</translation>
    </message>
    <message>
        <source>, running at %1 MT/s</source>
        <translation>，實際運作於 %1 MT/s</translation>
    </message>
    <message>
        <source> (%1 slots)</source>
        <translation>（%1 個插槽）</translation>
    </message>
    <message>
        <source>DDR5 below 3600 MT/s: see the tuning plan&apos;s advice (guide §2.2).</source>
        <translation>DDR5 低於 3600 MT/s：請參考調校計畫的建議（指南 §2.2）。</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>電源供應器</translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation>未讀取：%1</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>無法取得</translation>
    </message>
    <message>
        <source>nothing reported</source>
        <translation>沒有回報</translation>
    </message>
    <message numerus="yes">
        <source>%n present</source>
        <translation>
            <numerusform>%n 個在位</numerusform>
        </translation>
    </message>
    <message>
        <source>none listed by the BMC</source>
        <translation>BMC 未列出任何電源</translation>
    </message>
    <message>
        <source>, redundancy %1</source>
        <translation>，備援 %1</translation>
    </message>
    <message>
        <source>link down</source>
        <translation>連結中斷</translation>
    </message>
    <message>
        <source>, PCIe</source>
        <translation>，PCIe</translation>
    </message>
    <message>
        <source> gen %1</source>
        <translation> 第 %1 代</translation>
    </message>
    <message>
        <source> of x%1</source>
        <translation>（最大 x%1）</translation>
    </message>
    <message>
        <source>NIC %1</source>
        <translation>網路卡 %1</translation>
    </message>
    <message>
        <source>Narrower than the card&apos;s maximum: a slot, riser or bifurcation matter (%1).</source>
        <translation>比網路卡的最大寬度窄：可能是插槽、轉接卡或通道分割（bifurcation）的問題（%1）。</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>none (any module may load)</source>
        <translation>none（任何模組都可載入）</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>降級</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>已失去</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PrivilegedTransport</name>
    <message>
        <source>connecting to %1 (%2 s)</source>
        <translation>正在連線到 %1（%2 秒）</translation>
    </message>
    <message>
        <source>waiting for the login shell on %1 (%2 s)</source>
        <translation>正在等待 %1 上的登入 shell（%2 秒）</translation>
    </message>
    <message>
        <source>waiting for sudo on %1 (%2 s)</source>
        <translation>正在等待 %1 上的 sudo（%2 秒）</translation>
    </message>
    <message>
        <source>waiting for the agent on %1 to announce itself (%2 s)</source>
        <translation>正在等待 %1 上的 agent 回報就緒（%2 秒）</translation>
    </message>
    <message>
        <source>could not log in to %1: no progress for %2 s; check that the server is up and not overloaded</source>
        <translation>無法登入 %1：%2 秒沒有進展；請確認伺服器已開機且負載不過重</translation>
    </message>
    <message>
        <source>the login shell on %1 did not start the agent: nothing for %2 s after the login; its startup files (~/.bashrc: conda or pyenv init?) are slow or wait for input, so make them return early for non-interactive shells</source>
        <translation>%1 上的登入 shell 沒有啟動 agent：登入後 %2 秒毫無動靜；它的啟動檔（~/.bashrc：conda 或 pyenv init？）太慢或在等待輸入，請讓它們在非互動式 shell 中提早返回</translation>
    </message>
    <message>
        <source>sudo on %1 did not start the agent within %2 s: it waits for something (a password, a PAM prompt); enter the password, or install the fleetdeck-agent package there and add the sudoers rule &quot;%3&quot; (LOGIN: your login there)</source>
        <translation>%1 上的 sudo 未在 %2 秒內啟動 agent：它在等待某些東西（密碼、PAM 提示）；請輸入密碼，或在該處安裝 fleetdeck-agent 套件並加入 sudoers 規則「%3」（LOGIN：你在該處的登入帳號）</translation>
    </message>
    <message>
        <source>the agent on %1 started but did not announce itself within %2 s: the server may be overloaded; try again, or with fewer hosts at once (--parallel)</source>
        <translation>%1 上的 agent 已啟動，但未在 %2 秒內回報就緒：伺服器可能負載過重；請再試一次，或同時處理較少主機（--parallel）</translation>
    </message>
    <message>
        <source>privileged agent via %1</source>
        <translation>經由 %1 的特權 agent</translation>
    </message>
    <message>
        <source>starting the privileged agent through sudo -n (no password)</source>
        <translation>正在透過 sudo -n（不需密碼）啟動特權 agent</translation>
    </message>
    <message>
        <source>starting the privileged agent through sudo; the password goes to sudo on stdin (never logged)</source>
        <translation>正在透過 sudo 啟動特權 agent；密碼經由 stdin 交給 sudo（絕不記錄）</translation>
    </message>
    <message>
        <source>starting the privileged agent (logged in as root)</source>
        <translation>正在啟動特權 agent（以 root 登入）</translation>
    </message>
    <message>
        <source>the privileged agent on %1 did not announce itself: its first line is not a ready event (an older agent, or something else writing to its output); redeploy FleetDeck&apos;s agent there</source>
        <translation>%1 上的特權 agent 沒有回報就緒：它的第一行不是 ready 事件（較舊的 agent，或有其他程式寫入它的輸出）；請在該處重新部署 FleetDeck 的 agent</translation>
    </message>
    <message>
        <source>the privileged agent announced itself</source>
        <translation>特權 agent 已回報就緒</translation>
    </message>
    <message>
        <source>sudo needs a password on %1: enter it, or install the fleetdeck-agent package there and add the sudoers rule &quot;%2&quot; (LOGIN: your login there)</source>
        <translation>%1 上的 sudo 需要密碼：請輸入密碼，或在該處安裝 fleetdeck-agent 套件並加入 sudoers 規則「%2」（LOGIN：你在該處的登入帳號）</translation>
    </message>
    <message>
        <source>sudo on %1 refused the password</source>
        <translation>%1 上的 sudo 拒絕了密碼</translation>
    </message>
    <message>
        <source>this login may not run the agent through sudo on %1: ask for a sudoers entry, or log in as root</source>
        <translation>此登入帳號不能透過 %1 上的 sudo 執行 agent：請申請 sudoers 項目，或以 root 登入</translation>
    </message>
    <message>
        <source>sudo is not installed on %1: log in as root for a push</source>
        <translation>%1 上沒有安裝 sudo：推送時請以 root 登入</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PushProgressModel</name>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackModel</name>
    <message>
        <source>%1, %2–%3&lt;br&gt;</source>
        <translation>%1，%2–%3&lt;br&gt;</translation>
    </message>
    <message>
        <source>Hottest: %1 at %2 °C&lt;br&gt;</source>
        <translation>最熱：%1，%2 °C&lt;br&gt;</translation>
    </message>
    <message>
        <source>No temperature yet&lt;br&gt;</source>
        <translation>尚無溫度資料&lt;br&gt;</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (simulated)&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（模擬）&lt;br&gt;</translation>
    </message>
</context>
<context>
    <name>fleetdeck::SensorTableModel</name>
    <message>
        <source>%1 temperature</source>
        <translation>%1 溫度</translation>
    </message>
    <message>
        <source>fan</source>
        <translation>風扇</translation>
    </message>
    <message>
        <source>board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>Sensor</source>
        <translation>感測器</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>數值</translation>
    </message>
    <message>
        <source>High / slowdown</source>
        <translation>高溫 / 降頻</translation>
    </message>
    <message>
        <source>Critical / shutdown</source>
        <translation>臨界 / 關機</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
</context>
<context>
    <name>gpu</name>
    <message>
        <source>graphics engine exception (usually the application: an illegal memory access or instruction)</source>
        <translation>圖形引擎例外（通常是應用程式造成：非法的記憶體存取或指令）</translation>
    </message>
    <message>
        <source>check the job that ran; if it happens with several applications, run the GPU&apos;s diagnostics</source>
        <translation>檢查當時執行的工作；若多個應用程式都發生，請執行 GPU 診斷</translation>
    </message>
    <message>
        <source>GPU memory page fault (usually the application: an illegal address)</source>
        <translation>GPU 記憶體分頁錯誤（通常是應用程式造成：非法位址）</translation>
    </message>
    <message>
        <source>GPU stopped processing (the application&apos;s channel was reset)</source>
        <translation>GPU 停止處理（應用程式的通道已重設）</translation>
    </message>
    <message>
        <source>restart the application; the GPU itself needs nothing</source>
        <translation>重新啟動應用程式；GPU 本身不需處理</translation>
    </message>
    <message>
        <source>preemptive cleanup after an earlier error or a killed application</source>
        <translation>先前錯誤或應用程式被終止後的預防性清理</translation>
    </message>
    <message>
        <source>look at the XID before it; alone it needs nothing</source>
        <translation>查看它之前的 XID；單獨出現時不需處理</translation>
    </message>
    <message>
        <source>double-bit ECC error: an uncorrectable memory error stopped the application</source>
        <translation>雙位元 ECC 錯誤：無法更正的記憶體錯誤使應用程式停止</translation>
    </message>
    <message>
        <source>drain the host and reset the GPU; if it repeats, RMA the board</source>
        <translation>清空主機上的工作並重設 GPU；若再次發生，請送修（RMA）該顯示卡</translation>
    </message>
    <message>
        <source>internal micro-controller breakpoint or warning</source>
        <translation>內部微控制器中斷點或警告</translation>
    </message>
    <message>
        <source>drain the host and reset the GPU; update the driver if it repeats</source>
        <translation>清空主機上的工作並重設 GPU；若再次發生，請更新驅動程式</translation>
    </message>
    <message>
        <source>internal micro-controller halt</source>
        <translation>內部微控制器停止運作</translation>
    </message>
    <message>
        <source>a memory row was marked for remapping (or a page for retirement)</source>
        <translation>有記憶體列被標記為待重新對應（或有分頁待停用）</translation>
    </message>
    <message>
        <source>reset the GPU when the job allows, so the remap takes effect</source>
        <translation>在工作允許時重設 GPU，讓重新對應生效</translation>
    </message>
    <message>
        <source>recording a row remap or page retirement failed</source>
        <translation>記錄列重新對應或分頁停用失敗</translation>
    </message>
    <message>
        <source>NVLink error</source>
        <translation>NVLink 錯誤</translation>
    </message>
    <message>
        <source>drain the host and reset the GPUs on the link; if it repeats, reseat or RMA the board</source>
        <translation>清空主機上的工作並重設該鏈路上的 GPU；若再次發生，請重新插拔或送修（RMA）該顯示卡</translation>
    </message>
    <message>
        <source>GPU has fallen off the bus</source>
        <translation>GPU 已從匯流排上脫落</translation>
    </message>
    <message>
        <source>drain the host and reboot it; if it repeats, check power and reseat the GPU, then RMA it</source>
        <translation>清空主機上的工作並重新開機；若再次發生，請檢查電源並重新插拔 GPU，再送修（RMA）</translation>
    </message>
    <message>
        <source>high single-bit ECC error rate</source>
        <translation>單位元 ECC 錯誤率偏高</translation>
    </message>
    <message>
        <source>watch the corrected-error count; plan an RMA if it keeps rising</source>
        <translation>留意已更正錯誤的計數；若持續上升，請規劃送修（RMA）</translation>
    </message>
    <message>
        <source>contained ECC error: one application was stopped, the others run on</source>
        <translation>受控的 ECC 錯誤：一個應用程式被停止，其他照常執行</translation>
    </message>
    <message>
        <source>restart the application; reset the GPU when the job allows</source>
        <translation>重新啟動應用程式；在工作允許時重設 GPU</translation>
    </message>
    <message>
        <source>uncontained ECC error: every application on the GPU is affected</source>
        <translation>未受控的 ECC 錯誤：GPU 上的所有應用程式都受影響</translation>
    </message>
    <message>
        <source>drain the host and reset the GPU now</source>
        <translation>立即清空主機上的工作並重設 GPU</translation>
    </message>
    <message>
        <source>GSP RPC timeout: the GPU&apos;s system processor stopped answering</source>
        <translation>GSP RPC 逾時：GPU 的系統處理器停止回應</translation>
    </message>
    <message>
        <source>drain the host and reset the GPU (or reboot); update the driver if it repeats</source>
        <translation>清空主機上的工作並重設 GPU（或重新開機）；若再次發生，請更新驅動程式</translation>
    </message>
    <message>
        <source>GSP error: the GPU&apos;s system processor failed</source>
        <translation>GSP 錯誤：GPU 的系統處理器故障</translation>
    </message>
    <message>
        <source>A GPU</source>
        <translation>有一張 GPU</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 had %2 uncorrectable memory error(s) since the driver loaded: the data of the jobs on it may be wrong. Drain the host and reset the GPU; if errors come back, RMA the board.</source>
        <translation>%1 自驅動程式載入以來發生 %2 次無法更正的記憶體錯誤：其上工作的資料可能有誤。請清空主機上的工作並重設 GPU；若錯誤再次出現，請送修（RMA）該顯示卡。</translation>
    </message>
    <message>
        <source>%1 could not remap a failing memory row: the board has run out of spare rows. Take it out of service and RMA it.</source>
        <translation>%1 無法重新對應故障的記憶體列：顯示卡的備用列已用盡。請停止使用並送修（RMA）。</translation>
    </message>
    <message>
        <source>%1 has a memory row remap waiting for a reset: until then the bad row stays in use. Drain the host and reset the GPU.</source>
        <translation>%1 有一個記憶體列重新對應等待重設：在此之前壞掉的列仍在使用中。請清空主機上的工作並重設 GPU。</translation>
    </message>
    <message>
        <source>%1 has memory pages waiting to be retired at the next reset. Drain the host and reset the GPU; if pages keep being retired, RMA the board.</source>
        <translation>%1 有記憶體分頁等待在下次重設時停用。請清空主機上的工作並重設 GPU；若分頁持續被停用，請送修（RMA）該顯示卡。</translation>
    </message>
    <message>
        <source>%1&apos;s corrected memory errors grew by %2 while FleetDeck watched (%3 over its life): the memory is wearing. Watch it; plan an RMA if the count keeps climbing.</source>
        <translation>在 FleetDeck 監看期間，%1 的已更正記憶體錯誤增加了 %2 次（累計 %3 次）：記憶體正在老化。請持續留意；若計數持續攀升，請規劃送修（RMA）。</translation>
    </message>
    <message>
        <source>%1&apos;s NVLink error counters (CRC, replay, recovery) grew by %2: a link is marginal. Reset the GPUs when the job allows; if it keeps growing, reseat the board or call the vendor.</source>
        <translation>%1 的 NVLink 錯誤計數（CRC、重送、復原）增加了 %2：有鏈路處於臨界狀態。請在工作允許時重設 GPU；若持續增加，請重新插拔顯示卡或聯絡供應商。</translation>
    </message>
    <message>
        <source>%1&apos;s PCIe link retransmitted %2 time(s) while FleetDeck watched (%3 in all): check the riser, the slot and the card&apos;s seating.</source>
        <translation>在 FleetDeck 監看期間，%1 的 PCIe 鏈路重送了 %2 次（總計 %3 次）：請檢查轉接卡、插槽與顯示卡是否插妥。</translation>
    </message>
    <message>
        <source>%1 has NVLink %2 down while %3 of %4 are up: traffic to its peers is slower. Reset the GPU; if the link stays down, reseat the board or call the vendor.</source>
        <translation>%1 的 NVLink %2 已中斷，%4 條中只有 %3 條正常：與對等 GPU 之間的傳輸變慢。請重設 GPU；若鏈路仍然中斷，請重新插拔顯示卡或聯絡供應商。</translation>
    </message>
    <message>
        <source>once</source>
        <translation>1 次</translation>
    </message>
    <message>
        <source>%1 times</source>
        <translation>%1 次</translation>
    </message>
    <message>
        <source>%1 reported XID %2 %3, last at %4: %5. What to do: %6.</source>
        <translation>%1 回報 XID %2 共 %3，最近一次在 %4：%5。處理方式：%6。</translation>
    </message>
    <message>
        <source>%1 reported XID %2 %3, last at %4 (&quot;%5&quot;). FleetDeck does not know this code: look it up in NVIDIA&apos;s XID catalogue.</source>
        <translation>%1 回報 XID %2 共 %3，最近一次在 %4（「%5」）。FleetDeck 不認得此代碼：請查閱 NVIDIA 的 XID 目錄。</translation>
    </message>
    <message>
        <source>%1 fell off the bus: the driver lost it (NVML: GPU is lost) and its jobs have failed. Drain the host and reboot it; if it happens again, check power and reseat the GPU, then RMA it.</source>
        <translation>%1 已從匯流排上脫落：驅動程式失去了它（NVML：GPU is lost），其上的工作都已失敗。請清空主機上的工作並重新開機；若再次發生，請檢查電源並重新插拔 GPU，再送修（RMA）。</translation>
    </message>
    <message>
        <source>%1 NVIDIA GPU(s) are on the PCI bus but only %2 answer the driver: %3 missing. Look for XID 79 or a driver error in the kernel log, reboot the host, then reseat the GPU or RMA it.</source>
        <translation>PCI 匯流排上有 %1 張 NVIDIA GPU，但只有 %2 張回應驅動程式：少了 %3 張。請在核心日誌中尋找 XID 79 或驅動程式錯誤，重新開機主機，再重新插拔 GPU 或送修（RMA）。</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>遺失</translation>
    </message>
    <message>
        <source>GPU lost</source>
        <translation>GPU 遺失</translation>
    </message>
    <message>
        <source>GPU missing</source>
        <translation>GPU 缺少</translation>
    </message>
    <message>
        <source>REMAP</source>
        <translation>重新對應</translation>
    </message>
    <message>
        <source>row remap</source>
        <translation>列重新對應</translation>
    </message>
    <message>
        <source>PCIe replays</source>
        <translation>PCIe 重送</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>嚴重</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>IB errors</source>
        <translation>IB 錯誤</translation>
    </message>
    <message>
        <source>NIC errors</source>
        <translation>網路卡錯誤</translation>
    </message>
    <message>
        <source>InfiniBand port %1 counts link errors (%2): the cable, optic or switch port is failing, and collective traffic over it slows or stalls. Clean or replace the cable or optic; if the count keeps growing, move to another switch port.</source>
        <translation>InfiniBand 連接埠 %1 持續累積連結錯誤（%2）：線材、光模組或交換器連接埠正在故障，經過它的集體通訊會變慢或停滯。請清潔或更換線材或光模組；若計數仍持續增加，請改接到另一個交換器連接埠。</translation>
    </message>
    <message>
        <source>NIC %1 counts errors (%2 received, %3 sent): usually CRC errors from a bad cable, optic or switch port. Read its counters with ethtool -S %1, then replace the cable or optic.</source>
        <translation>網路卡 %1 持續累積錯誤（接收 %2、傳送 %3）：通常是線材、光模組或交換器連接埠不良造成的 CRC 錯誤。請以 ethtool -S %1 查看其計數，然後更換線材或光模組。</translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>History is not being recorded: %1. FleetDeck goes on without it and tries again every %2 s (free disk space or make the file writable).</source>
        <translation>目前未記錄歷史：%1。FleetDeck 會在沒有歷史的情況下繼續運作，並每 %2 秒重試一次（請釋出磁碟空間，或讓檔案可寫入）。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>無法建立 %1 所在的資料夾</translation>
    </message>
    <message>
        <source>check that it can be written, or free the path</source>
        <translation>請確認該處可寫入，或清出該路徑</translation>
    </message>
    <message>
        <source>another FleetDeck (PID %1) is recording into %2; this window shows history read-only</source>
        <translation>另一個 FleetDeck（PID %1）正在記錄到 %2；此視窗的歷史為唯讀</translation>
    </message>
    <message>
        <source>another FleetDeck is recording into %1; this window shows history read-only</source>
        <translation>另一個 FleetDeck 正在記錄到 %1；此視窗的歷史為唯讀</translation>
    </message>
    <message>
        <source>cannot create the lock file next to %1</source>
        <translation>無法在 %1 旁建立鎖定檔</translation>
    </message>
    <message>
        <source>check that its folder can be written</source>
        <translation>請確認其資料夾可寫入</translation>
    </message>
    <message>
        <source>no history yet at %1</source>
        <translation>%1 尚無歷史</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>無法開啟 %1</translation>
    </message>
    <message>
        <source>%1 was written by a newer FleetDeck (history schema %2; this one knows up to %3)</source>
        <translation>%1 由較新版的 FleetDeck 寫入（歷史結構描述 %2；此版本最多支援 %3）</translation>
    </message>
    <message>
        <source>update FleetDeck, or move the file away to start a new history</source>
        <translation>請更新 FleetDeck，或將該檔案移走以開始新的歷史</translation>
    </message>
    <message>
        <source>%1 has an older history schema (%2)</source>
        <translation>%1 的歷史結構描述較舊（%2）</translation>
    </message>
    <message>
        <source>start the FleetDeck desktop app once to update it</source>
        <translation>請啟動一次 FleetDeck 桌面應用程式以更新它</translation>
    </message>
    <message>
        <source>cannot update %1</source>
        <translation>無法更新 %1</translation>
    </message>
    <message>
        <source>cannot update %1 to history schema %2</source>
        <translation>無法將 %1 更新為歷史結構描述 %2</translation>
    </message>
    <message>
        <source>cannot write to %1</source>
        <translation>無法寫入 %1</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>無法讀取 %1</translation>
    </message>
</context>
<context>
    <name>hosts</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>無法讀取 %1：%2</translation>
    </message>
    <message>
        <source>%1 has SHA-256 %2, but this FleetDeck was built with %3: reinstall FleetDeck</source>
        <translation>%1 的 SHA-256 為 %2，但此 FleetDeck 建置時記錄的是 %3：請重新安裝 FleetDeck</translation>
    </message>
    <message>
        <source>simulator socket path too long: %1; set TMPDIR to a shorter directory</source>
        <translation>模擬器 socket 路徑過長：%1；請將 TMPDIR 設為較短的目錄</translation>
    </message>
    <message>
        <source>cannot create a Unix socket: %1</source>
        <translation>無法建立 Unix socket：%1</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>無法在 %1 上監聽：%2</translation>
    </message>
    <message>
        <source>cannot create a directory for the simulator sockets: %1</source>
        <translation>無法為模擬器 socket 建立目錄：%1</translation>
    </message>
    <message>
        <source>cannot create a pipe: %1</source>
        <translation>無法建立管線：%1</translation>
    </message>
    <message>
        <source>could not start the simulator %1: %2; reinstall FleetDeck or set FLEETDECK_AGENT</source>
        <translation>無法啟動模擬器 %1：%2；請重新安裝 FleetDeck 或設定 FLEETDECK_AGENT</translation>
    </message>
    <message>
        <source>the shared simulator closed this host&apos;s connection</source>
        <translation>共用模擬器關閉了這台主機的連線</translation>
    </message>
    <message>
        <source>shared simulator: %1</source>
        <translation>共用模擬器：%1</translation>
    </message>
    <message>
        <source>demo fleet: %1</source>
        <translation>示範機群：%1</translation>
    </message>
    <message>
        <source>demo fleet: every host needs a name and a simulate profile</source>
        <translation>示範機群：每台主機都需要名稱與模擬設定檔</translation>
    </message>
    <message>
        <source>the demo fleet is missing from this build</source>
        <translation>此版本缺少示範機群</translation>
    </message>
    <message>
        <source>jump host &apos;%1&apos; is not [user@]host[:port] (several hops: joined by commas, e.g. ops@bastion,gw:2222)</source>
        <translation>跳板主機 &apos;%1&apos; 不是 [使用者@]主機[:連接埠] 的形式（多個跳板以逗號連接，例如 ops@bastion,gw:2222）</translation>
    </message>
    <message>
        <source>empty host</source>
        <translation>主機為空</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: root: needs the absolute path of a directory (a mounted system tree)</source>
        <translation>&apos;%1&apos;：root: 需要目錄的絕對路徑（已掛載的系統樹）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a simulated host: use sim:PROFILE[+VARIANT][:SEED], e.g. sim:hgx-h100-8+bad-fan:7</source>
        <translation>&apos;%1&apos; 不是模擬主機：請使用 sim:設定檔[+變體][:種子]，例如 sim:hgx-h100-8+bad-fan:7</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a host: use NAME, HOST, USER@HOST or USER@HOST:PORT</source>
        <translation>&apos;%1&apos; 不是主機：請使用 名稱、主機、使用者@主機 或 使用者@主機:連接埠</translation>
    </message>
    <message>
        <source>port %1 is out of range 1..65535</source>
        <translation>連接埠 %1 超出 1..65535 的範圍</translation>
    </message>
</context>
<context>
    <name>incident</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小時 %2 分</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小時</translation>
    </message>
    <message>
        <source>GPU %1 throttled (thermal)</source>
        <translation>GPU %1 降頻（過熱）</translation>
    </message>
    <message>
        <source>GPU %1 throttled (power cap)</source>
        <translation>GPU %1 降頻（功率上限）</translation>
    </message>
    <message>
        <source>GPU %1 throttled (HW slowdown)</source>
        <translation>GPU %1 降頻（硬體降速）</translation>
    </message>
    <message>
        <source>GPU %1&apos;s PCIe link runs at x%2 of x%3: reseat the GPU or check its riser</source>
        <translation>GPU %1 的 PCIe 連結以 x%2 運作（應為 x%3）：請重新插拔 GPU 或檢查轉接卡</translation>
    </message>
    <message>
        <source>GPU %1&apos;s fan runs at %2 % at %3: the fan is failing or held back</source>
        <translation>GPU %1 的風扇在 %3 時只轉 %2 %：風扇故障或受阻</translation>
    </message>
    <message>
        <source>fan %1 stopped (0 rpm): check the fan and the chassis airflow</source>
        <translation>風扇 %1 已停轉（0 rpm）：請檢查風扇與機箱氣流</translation>
    </message>
    <message>
        <source> for %1</source>
        <translation>，持續 %1</translation>
    </message>
    <message>
        <source>, peak %1</source>
        <translation>，最高 %1</translation>
    </message>
    <message>
        <source>, SM clock −%1 MHz</source>
        <translation>，SM 時脈 −%1 MHz</translation>
    </message>
    <message>
        <source>rollback %1 on %2: %3</source>
        <translation>在 %2 上回復 %1：%3</translation>
    </message>
    <message>
        <source>push %1 on %2: %3</source>
        <translation>在 %2 上推送 %1：%3</translation>
    </message>
    <message>
        <source>commissioning: %1 (report %2, SHA-256 %3…)</source>
        <translation>驗收：%1（報告 %2，SHA-256 %3…）</translation>
    </message>
    <message>
        <source>commissioning of rack %1: %2 (report %3, SHA-256 %4…)</source>
        <translation>機架 %1 驗收：%2（報告 %3，SHA-256 %4…）</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通過</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>不通過</translation>
    </message>
    <message>
        <source>Recorded in this wording before FleetDeck kept incidents&apos; figures (history schema 4): it reads in the language it was recorded in.</source>
        <translation>這段文字是 FleetDeck 開始保存事件數值（歷史資料結構第 4 版）之前記錄的原文：以記錄時的語言顯示。</translation>
    </message>
    <message>
        <source>%1 (as recorded)</source>
        <translation>%1（依原文記錄）</translation>
    </message>
    <message>
        <source>GPU %1 health finding: %2</source>
        <translation>GPU %1 健康問題：%2</translation>
    </message>
    <message>
        <source>GPU health finding: %1</source>
        <translation>GPU 健康問題：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 → %2: slow link, p50 %3 ms</source>
        <translation>%1 → %2：連結緩慢，p50 %3 ms</translation>
    </message>
    <message>
        <source>%1 → %2: slow link</source>
        <translation>%1 → %2：連結緩慢</translation>
    </message>
    <message>
        <source>%1 → %2: %3 % of probes lost</source>
        <translation>%1 → %2：%3 % 的探測封包遺失</translation>
    </message>
    <message>
        <source>%1 → %2: probes lost</source>
        <translation>%1 → %2：探測封包遺失</translation>
    </message>
    <message>
        <source>pushed %1, now %2</source>
        <translation>推送 %1，現為 %2</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>沒有值</translation>
    </message>
    <message>
        <source>GPU %1 held idle by %2</source>
        <translation>GPU %1 被 %2 佔用閒置</translation>
    </message>
    <message>
        <source>GPU %1 %2</source>
        <translation>GPU %1 %2</translation>
    </message>
</context>
<context>
    <name>inventory</name>
    <message>
        <source>the range &apos;[%1]&apos; at position %2 is not FROM-TO with numbers; write it like [01-16]</source>
        <translation>位置 %2 的範圍 &apos;[%1]&apos; 不是以數字表示的 起-迄；請寫成 [01-16] 的形式</translation>
    </message>
    <message>
        <source>the range &apos;[%1]&apos; at position %2 runs backwards; write [%3-%4]</source>
        <translation>位置 %2 的範圍 &apos;[%1]&apos; 順序顛倒；請寫成 [%3-%4]</translation>
    </message>
    <message>
        <source>the range &apos;[%1]&apos; at position %2 makes %3 hosts; at most %4 can be added in one go</source>
        <translation>位置 %2 的範圍 &apos;[%1]&apos; 會產生 %3 台主機；一次最多只能新增 %4 台</translation>
    </message>
    <message>
        <source>the &apos;[&apos; at position %1 is never closed; end the range with &apos;]&apos;</source>
        <translation>位置 %1 的 &apos;[&apos; 沒有結束；請以 &apos;]&apos; 結束範圍</translation>
    </message>
    <message>
        <source>the &apos;[&apos; at position %1 is never closed before the next &apos;[&apos;</source>
        <translation>位置 %1 的 &apos;[&apos; 在下一個 &apos;[&apos; 之前沒有結束</translation>
    </message>
    <message>
        <source>the &apos;]&apos; at position %1 closes no &apos;[&apos;</source>
        <translation>位置 %1 的 &apos;]&apos; 沒有對應的 &apos;[&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at position %2 cannot be part of a host name (letters, digits, &apos;-&apos;, &apos;.&apos;, &apos;_&apos; and [FROM-TO] ranges)</source>
        <translation>位置 %2 的 &apos;%1&apos; 不能出現在主機名稱中（可用字母、數字、&apos;-&apos;、&apos;.&apos;、&apos;_&apos; 與 [起-迄] 範圍）</translation>
    </message>
    <message>
        <source>the host pattern is empty; give one such as gpu-[01-16].dc2.example.net</source>
        <translation>主機樣式為空；請提供如 gpu-[01-16].dc2.example.net 的樣式</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at position 1: a host name starts with a letter or digit</source>
        <translation>位置 1 的 &apos;%1&apos;：主機名稱須以字母或數字開頭</translation>
    </message>
    <message>
        <source>&apos;%1&apos; makes more than %2 hosts, the most that can be added in one go; split it</source>
        <translation>&apos;%1&apos; 會產生超過 %2 台主機，超過一次可新增的上限；請分批新增</translation>
    </message>
    <message>
        <source>the rack needs a name, e.g. b2</source>
        <translation>機架需要名稱，例如 b2</translation>
    </message>
    <message>
        <source>first unit %1 is outside U1..U%2</source>
        <translation>起始單位 %1 超出 U1..U%2</translation>
    </message>
    <message>
        <source>a unit height of %1 is outside 1..%2</source>
        <translation>單位高度 %1 超出 1..%2</translation>
    </message>
    <message>
        <source>%1 falls off rack %2: %3 from U%4 it would take U%5–U%6, %7; start %8, or add fewer hosts</source>
        <translation>%1 超出機架 %2：從 U%4 起 %3 排列時，它會佔用 U%5–U%6，%7；請從更%8的位置開始，或減少主機數量</translation>
    </message>
    <message>
        <source>below U1</source>
        <translation>低於 U1</translation>
    </message>
    <message>
        <source>above U%1</source>
        <translation>高於 U%1</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>高</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>低</translation>
    </message>
    <message>
        <source>%1 is not readable as an %2: %3</source>
        <translation>%1 無法以 %2 讀取：%3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>%1, … (%2 in all)</source>
        <translation>%1…（共 %2 個）</translation>
    </message>
    <message>
        <source>cannot read the inventory %1: %2; check the path given to --inventory</source>
        <translation>無法讀取主機清單 %1：%2；請檢查 --inventory 指定的路徑</translation>
    </message>
    <message>
        <source>it is a directory</source>
        <translation>這是目錄</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>檔案不存在</translation>
    </message>
    <message>
        <source>%1 is not readable as a FleetDeck inventory: %2</source>
        <translation>%1 無法以 FleetDeck 主機清單讀取：%2</translation>
    </message>
    <message>
        <source>the inventory</source>
        <translation>主機清單</translation>
    </message>
    <message>
        <source>%1 matches no host in %2 (%3: %4)</source>
        <translation>%1 在 %2 中沒有符合的主機（%3：%4）</translation>
    </message>
    <message>
        <source>hosts</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>groups</source>
        <translation>群組</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>無法讀取 %1：%2</translation>
    </message>
    <message>
        <source>not readable as YAML: %1</source>
        <translation>無法以 YAML 讀取：%1</translation>
    </message>
    <message>
        <source>an Ansible YAML inventory starts with a mapping of groups (all: …)</source>
        <translation>Ansible YAML 主機清單須以群組的對應開頭（all: …）</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>權限不足</translation>
    </message>
    <message>
        <source>a host needs a name</source>
        <translation>主機需要名稱</translation>
    </message>
    <message>
        <source>%1 needs an address (host name, IP or ssh-config alias)</source>
        <translation>%1 需要位址（主機名稱、IP 或 ssh-config 別名）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a host name or IP address</source>
        <translation>&apos;%1&apos; 不是主機名稱或 IP 位址</translation>
    </message>
    <message>
        <source>%1&apos;s mesh address &apos;%2&apos; is not a host name or IP address</source>
        <translation>%1 的網狀量測位址 &apos;%2&apos; 不是主機名稱或 IP 位址</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a user name</source>
        <translation>&apos;%1&apos; 不是使用者名稱</translation>
    </message>
    <message>
        <source>port %1 is out of range 1..65535</source>
        <translation>連接埠 %1 超出 1..65535 的範圍</translation>
    </message>
    <message>
        <source>rack unit %1 is out of range 1..60</source>
        <translation>機架單位 %1 超出 1..60 的範圍</translation>
    </message>
    <message>
        <source>%1&apos;s height of %2 U is out of range 1..60</source>
        <translation>%1 的高度 %2 U 超出 1..60 的範圍</translation>
    </message>
    <message>
        <source>%1 at U%2 with %3 U would reach past U60; place it lower</source>
        <translation>%1 位於 U%2、高 %3 U，會超過 U60；請放在較低的位置</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>not a FleetDeck inventory (expected an object with a &quot;hosts&quot; array)</source>
        <translation>不是 FleetDeck 主機清單（應為含有 &quot;hosts&quot; 陣列的物件）</translation>
    </message>
    <message>
        <source>not a FleetDeck inventory (&quot;version&quot; is not a number)</source>
        <translation>不是 FleetDeck 主機清單（&quot;version&quot; 不是數字）</translation>
    </message>
    <message>
        <source>the inventory was written by a newer FleetDeck; update FleetDeck</source>
        <translation>此主機清單由較新版的 FleetDeck 寫入；請更新 FleetDeck</translation>
    </message>
    <message>
        <source>hosts[%1]: %2</source>
        <translation>hosts[%1]：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <source>there is already a host called %1</source>
        <translation>已有名為 %1 的主機</translation>
    </message>
    <message>
        <source>there is no host called %1</source>
        <translation>沒有名為 %1 的主機</translation>
    </message>
    <message>
        <source>%1 is not in the inventory (%2): only inventory hosts keep a mesh address</source>
        <translation>%1 不在主機清單（%2）中：只有主機清單中的主機能保存網狀量測位址</translation>
    </message>
    <message>
        <source>%1 (%2) overlaps %3 (%4) in rack %5</source>
        <translation>%1（%2）與機架 %5 中的 %3（%4）重疊</translation>
    </message>
    <message>
        <source>%1 appears twice in the pattern</source>
        <translation>%1 在樣式中出現兩次</translation>
    </message>
    <message>
        <source>%1 is already in the inventory</source>
        <translation>%1 已在主機清單中</translation>
    </message>
    <message>
        <source>%1: %2; its variables are not used</source>
        <translation>%1：%2；不使用其中的變數</translation>
    </message>
    <message>
        <source>line %1: unknown section kind &apos;%2&apos; skipped</source>
        <translation>第 %1 行：不明的區段類型「%2」，已略過</translation>
    </message>
    <message>
        <source>line %1: more than %2 hosts; the hosts after it are skipped</source>
        <translation>第 %1 行：超過 %2 台主機；之後的主機已略過</translation>
    </message>
    <message>
        <source>%1: ansible_port &apos;%2&apos; is not a port; using the default</source>
        <translation>%1：ansible_port「%2」不是連接埠；改用預設值</translation>
    </message>
    <message>
        <source>group %1: children nested too deep or repeated too often; skipped</source>
        <translation>群組 %1：子群組巢狀太深或重複太多次；已略過</translation>
    </message>
    <message>
        <source>group %1: expected a mapping with hosts/children/vars</source>
        <translation>群組 %1：應為含 hosts/children/vars 的對應表</translation>
    </message>
    <message>
        <source>group %1: &apos;%2&apos; ignored</source>
        <translation>群組 %1：已忽略「%2」</translation>
    </message>
    <message>
        <source>more than %1 hosts; the rest is skipped</source>
        <translation>超過 %1 台主機；其餘已略過</translation>
    </message>
    <message>
        <source>%1&apos;s price per GPU-hour must be a number of at least 0</source>
        <translation>%1 的每 GPU 小時價格必須是不小於 0 的數字</translation>
    </message>
    <message>
        <source>&quot;group_gpu_hour_prices&quot; must map group names to prices</source>
        <translation>「group_gpu_hour_prices」必須將群組名稱對應到價格</translation>
    </message>
    <message>
        <source>group %1&apos;s price per GPU-hour must be a number of at least 0</source>
        <translation>群組 %1 的每 GPU 小時價格必須是不小於 0 的數字</translation>
    </message>
    <message>
        <source>%1&apos;s power feeds: &apos;%2&apos; is not a feed name</source>
        <translation>%1 的供電線路：「%2」不是線路名稱</translation>
    </message>
    <message>
        <source>&quot;racks&quot; must map rack names to their feeds</source>
        <translation>&quot;racks&quot; 必須以機架名稱對應其供電線路</translation>
    </message>
    <message>
        <source>racks.%1: expected an object with a &quot;feeds&quot; array</source>
        <translation>racks.%1：應為含有 &quot;feeds&quot; 陣列的物件</translation>
    </message>
    <message>
        <source>racks.%1: %2</source>
        <translation>racks.%1：%2</translation>
    </message>
    <message>
        <source>a feed belongs to a rack: name the rack</source>
        <translation>供電線路屬於某個機架：請指定機架</translation>
    </message>
</context>
<context>
    <name>plan</name>
    <message>
        <source>critical</source>
        <translation>嚴重</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>資訊</translation>
    </message>
    <message>
        <source>Risk: %1</source>
        <translation>風險：%1</translation>
    </message>
    <message>
        <source>Not on this host: %1</source>
        <translation>此主機不適用：%1</translation>
    </message>
    <message>
        <source>not supported: %1</source>
        <translation>不支援：%1</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Proposed</source>
        <translation>建議值</translation>
    </message>
    <message>
        <source>Takes effect</source>
        <translation>生效時機</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出處</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>發現</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建議</translation>
    </message>
    <message>
        <source>Drifted: %1</source>
        <translation>已偏移：%1</translation>
    </message>
    <message>
        <source>  (from facts)</source>
        <translation>  （取自主機資訊）</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>目前值</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>備註</translation>
    </message>
    <message>
        <source> (facts)</source>
        <translation>（資訊）</translation>
    </message>
    <message>
        <source>SETTING</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>CURRENT</source>
        <translation>目前值</translation>
    </message>
    <message>
        <source>PROPOSED</source>
        <translation>建議值</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>TAKES EFFECT</source>
        <translation>生效時機</translation>
    </message>
    <message>
        <source>    note:   </source>
        <translation>    備註：  </translation>
    </message>
    <message>
        <source>    why:    </source>
        <translation>    理由：  </translation>
    </message>
    <message>
        <source>    source: </source>
        <translation>    出處：  </translation>
    </message>
    <message>
        <source>    risk:   </source>
        <translation>    風險：  </translation>
    </message>
    <message>
        <source>CRITICAL</source>
        <translation>嚴重</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>資訊</translation>
    </message>
    <message>
        <source>now</source>
        <translation>立即</translation>
    </message>
    <message>
        <source>new login</source>
        <translation>重新登入</translation>
    </message>
    <message>
        <source>service restart</source>
        <translation>重新啟動服務</translation>
    </message>
    <message>
        <source>reboot</source>
        <translation>重新開機</translation>
    </message>
    <message numerus="yes">
        <source>Shape %1 · %n settings (%2 to change, %3 unchanged, %4 unsupported, %5 current value unknown) · %6 findings</source>
        <translation>
            <numerusform>類型 %1 · %n 項設定（%2 項要變更、%3 項不變、%4 項不支援、%5 項目前值未知）· %6 項發現</numerusform>
        </translation>
    </message>
    <message>
        <source>FINDINGS</source>
        <translation>發現</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <source>          source: </source>
        <translation>          出處：  </translation>
    </message>
    <message>
        <source>training</source>
        <translation>訓練</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推論</translation>
    </message>
    <message>
        <source>ethernet</source>
        <translation>乙太網路</translation>
    </message>
    <message>
        <source>infiniband</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>roce</source>
        <translation>RoCE</translation>
    </message>
    <message>
        <source>fits_one_gpu</source>
        <translation>單張 GPU 放得下</translation>
    </message>
    <message>
        <source>fits_one_node</source>
        <translation>單一節點放得下</translation>
    </message>
    <message>
        <source>sharded</source>
        <translation>分散切片</translation>
    </message>
    <message>
        <source>local_nvme</source>
        <translation>本機 NVMe</translation>
    </message>
    <message>
        <source>nas</source>
        <translation>NAS</translation>
    </message>
    <message>
        <source>object_store</source>
        <translation>物件儲存</translation>
    </message>
    <message>
        <source>dedicated</source>
        <translation>專屬</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>共用</translation>
    </message>
    <message>
        <source>, distributed over %1 nodes (%2)</source>
        <translation>，分散於 %1 個節點（%2）</translation>
    </message>
    <message>
        <source>, single node</source>
        <translation>，單一節點</translation>
    </message>
    <message>
        <source>, p99 target %1 ms</source>
        <translation>，p99 目標 %1 毫秒</translation>
    </message>
    <message>
        <source>, throughput-bound</source>
        <translation>，以吞吐量為主</translation>
    </message>
    <message>
        <source>, model %1, data on %2</source>
        <translation>，模型：%1，資料位於 %2</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source>, power cap %1 W</source>
        <translation>，功率上限 %1 W</translation>
    </message>
    <message>
        <source>current values unavailable (agent too old)</source>
        <translation>無法取得目前值（agent 版本太舊）</translation>
    </message>
    <message>
        <source>reading current values…</source>
        <translation>正在讀取目前值…</translation>
    </message>
    <message>
        <source>the agent did not report it</source>
        <translation>agent 沒有回報此值</translation>
    </message>
    <message>
        <source>change</source>
        <translation>變更</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不變</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支援</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>⚠ drifted: %1</source>
        <translation>⚠ 已偏移：%1</translation>
    </message>
    <message>
        <source>⚠ drifted: %1 · %2</source>
        <translation>⚠ 已偏移：%1 · %2</translation>
    </message>
    <message>
        <source>Current value unknown: %1</source>
        <translation>目前值不明：%1</translation>
    </message>
</context>
<context>
    <name>power</name>
    <message>
        <source>no power reading from its BMC: left out, its draw is not known</source>
        <translation>BMC 沒有功率讀數：未納入，耗電不明</translation>
    </message>
    <message>
        <source>its power is only estimated (no BMC): left out</source>
        <translation>功率只是估計值（沒有 BMC）：未納入</translation>
    </message>
    <message>
        <source>a GPU reports no power limit: left out</source>
        <translation>有 GPU 未回報功率上限：未納入</translation>
    </message>
    <message>
        <source>%1 has no feed to fit (fleetdeck-cli inventory feed add %1 …)</source>
        <translation>%1 沒有可配合的供電線路（fleetdeck-cli inventory feed add %1 …）</translation>
    </message>
    <message>
        <source>%1 does not fit feed %2&apos;s budget of %3 even at the GPUs&apos; lowest limits: move a host to another circuit</source>
        <translation>即使 GPU 都設在最低上限，%1 仍超出線路 %2 的預算 %3：請把主機移到其他電路</translation>
    </message>
    <message>
        <source>%1 fits as it is: %2 at full load, within %3 % of feed %4&apos;s budget of %5</source>
        <translation>%1 維持現狀即可：滿載 %2，在線路 %4 預算 %5 的 %3 % 以內</translation>
    </message>
    <message>
        <source>%1 draws %2 at full load; with every GPU&apos;s limit at %3 % it draws %4, within %5 % of feed %6&apos;s budget of %7%8</source>
        <translation>%1 滿載時耗電 %2；把每顆 GPU 的上限設為目前的 %3 % 後耗電 %4，在線路 %6 預算 %7 的 %5 % 以內%8</translation>
    </message>
    <message>
        <source> with feed %1 lost</source>
        <translation>（線路 %1 斷電時）</translation>
    </message>
    <message>
        <source>Feed %1 of %2 carries %3 now, over its budget of %4 (%5)</source>
        <translation>%2 的線路 %1 目前負載 %3，超出其預算 %4（%5）</translation>
    </message>
    <message>
        <source>Move a host to another circuit or lower the GPUs&apos; power limits: a breaker loaded past its continuous rating trips.</source>
        <translation>請把主機移到其他電路或降低 GPU 功率上限：負載超過連續額定的斷路器會跳脫。</translation>
    </message>
    <message>
        <source>Feed %1 of %2 reached %3 at its peak, over its budget of %4 (%5); %6 now</source>
        <translation>%2 的線路 %1 尖峰時達 %3，超出其預算 %4（%5）；目前 %6</translation>
    </message>
    <message>
        <source>At full load the rack does not fit this feed: move a host or lower the GPUs&apos; power limits before the next peak.</source>
        <translation>滿載時機架超出此線路：請在下次尖峰前移走主機或降低 GPU 功率上限。</translation>
    </message>
    <message>
        <source>If feed %1 of %2 fails, feed %3 carries %4 (%5 at the peak) against its budget of %6: its breaker trips and the rack goes dark</source>
        <translation>若 %2 的線路 %1 斷電，線路 %3 要承擔 %4（尖峰時 %5），超出其預算 %6：它的斷路器會跳脫，整個機架斷電</translation>
    </message>
    <message>
        <source>With A+B feeds the whole rack must fit on one: lower the GPUs&apos; power limits, move a host out, or ask for larger circuits.</source>
        <translation>使用 A+B 雙線路時，整個機架必須能只靠一條線路運作：請降低 GPU 功率上限、移出主機，或申請更大的電路。</translation>
    </message>
    <message>
        <source>The top third of %1 breathes %2 air, %3 warmer than its bottom third (%4): hot exhaust is coming back to the front</source>
        <translation>%1 上方三分之一吸入 %2 的空氣，比下方三分之一（%4）高 %3：熱排氣正回流到前方</translation>
    </message>
    <message>
        <source>Fit blanking panels in the empty units, close cable cut-outs and the gaps beside the rails, and check the cold aisle&apos;s containment.</source>
        <translation>在空的單元裝上盲板，封住走線開孔與滑軌旁的縫隙，並檢查冷通道的封閉。</translation>
    </message>
    <message>
        <source>%1 breathes %2 inlet air, above the recommended %3–%4</source>
        <translation>%1 的進氣為 %2，高於建議的 %3–%4</translation>
    </message>
    <message>
        <source>Check the cold aisle at this unit: a missing floor tile or blanking panel, a door open, the room&apos;s set point; every GPU behind it runs hotter.</source>
        <translation>請檢查此單元前的冷通道：缺少的地板出風磚或盲板、未關的門、機房的設定溫度；後方的每顆 GPU 都會因此更熱。</translation>
    </message>
    <message>
        <source>%1&apos;s %2 is at %3 while its inlet air is %4: the cause is inside the server, not the room</source>
        <translation>%1 的 %2 達 %3，而進氣只有 %4：原因在伺服器內部，而非機房</translation>
    </message>
    <message>
        <source>Check the chassis fans and their profile, that GPU&apos;s heatsink and the air path inside (baffles, cables).</source>
        <translation>請檢查機箱風扇與其設定、該 GPU 的散熱片，以及機箱內的氣流路徑（導風罩、線材）。</translation>
    </message>
    <message>
        <source>%1&apos;s air rises %2 from inlet (%3) to exhaust (%4) with its fans at %5</source>
        <translation>%1 從進氣（%3）到排氣（%4）溫升 %2，風扇在 %5</translation>
    </message>
    <message>
        <source>Raise the fan profile in the BMC (acoustic to performance): the fans have room to carry the heat away before the parts behind them run hot.</source>
        <translation>請在 BMC 調高風扇設定（從靜音改為效能）：風扇還有餘力，可在後方零件過熱前把熱帶走。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a feed name (letters, digits, &apos;-&apos; or &apos;_&apos;, at most 16)</source>
        <translation>「%1」不是線路名稱（英文字母、數字、&apos;-&apos; 或 &apos;_&apos;，最多 16 個字元）</translation>
    </message>
    <message>
        <source>feed %1: %2 V is out of range 90..600</source>
        <translation>線路 %1：%2 V 超出範圍 90..600</translation>
    </message>
    <message>
        <source>feed %1: %2 A is out of range 1..800</source>
        <translation>線路 %1：%2 A 超出範圍 1..800</translation>
    </message>
    <message>
        <source>feed %1: phases must be 1 or 3 (got %2)</source>
        <translation>線路 %1：相數必須為 1 或 3（收到 %2）</translation>
    </message>
    <message>
        <source>feed %1: a derating of %2 % is out of range 50..100</source>
        <translation>線路 %1：降額 %2 % 超出範圍 50..100</translation>
    </message>
</context>
<context>
    <name>push</name>
    <message>
        <source>queued</source>
        <translation>排隊中</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>連線中</translation>
    </message>
    <message>
        <source>applying</source>
        <translation>套用中</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已還原</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已略過</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>已規劃</translation>
    </message>
    <message>
        <source>rolled back: %1</source>
        <translation>已還原：%1</translation>
    </message>
    <message>
        <source>rollback incomplete: %1</source>
        <translation>還原未完成：%1</translation>
    </message>
    <message>
        <source>no transaction to roll back on %1</source>
        <translation>%1 上沒有可還原的交易</translation>
    </message>
    <message>
        <source>planning</source>
        <translation>規劃中</translation>
    </message>
    <message>
        <source>dry run: nothing changed</source>
        <translation>試跑：沒有任何變更</translation>
    </message>
    <message>
        <source>the host rejects some values</source>
        <translation>主機拒絕部分值</translation>
    </message>
    <message>
        <source>already as wanted</source>
        <translation>已如所需</translation>
    </message>
    <message>
        <source>waiting for a free slot</source>
        <translation>等待空出的名額</translation>
    </message>
</context>
<context>
    <name>report</name>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>Rack elevation (front)</source>
        <translation>機架圖（正面）</translation>
    </message>
    <message>
        <source>Rack %1 (front)</source>
        <translation>機架 %1（正面）</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通過</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>不通過</translation>
    </message>
    <message>
        <source>FAIL · not reached</source>
        <translation>不通過 · 無法連線</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 溫度</translation>
    </message>
    <message>
        <source>SM clock</source>
        <translation>SM 時脈</translation>
    </message>
    <message>
        <source>slowdown %1 °C</source>
        <translation>降頻 %1 °C</translation>
    </message>
    <message>
        <source>no GPU readings were recorded</source>
        <translation>沒有記錄到任何 GPU 讀數</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>no unit</source>
        <translation>未指定單位</translation>
    </message>
    <message>
        <source>not checked (%1)</source>
        <translation>未檢查（%1）</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未回報</translation>
    </message>
    <message>
        <source>not checked (not reported)</source>
        <translation>未檢查（未回報）</translation>
    </message>
    <message>
        <source>%1 (all %2 GPUs)</source>
        <translation>%1（全部 %2 顆 GPU）</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>符合</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不符</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未檢查</translation>
    </message>
    <message>
        <source>%1 of %2 hosts pass</source>
        <translation>%2 台主機中有 %1 台通過</translation>
    </message>
    <message>
        <source> — the run was cancelled before it finished</source>
        <translation> — 執行在完成前已取消</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>(hosts of several racks or none)</source>
        <translation>（主機分屬多個機架或未指定）</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作人員</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Spec</source>
        <translation>規格</translation>
    </message>
    <message>
        <source> (%1 facts)</source>
        <translation>（%1 項）</translation>
    </message>
    <message>
        <source>Burn-in</source>
        <translation>燒機</translation>
    </message>
    <message>
        <source> at %1 s intervals</source>
        <translation>，每 %1 秒取樣</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>負載</translation>
    </message>
    <message>
        <source>none started by FleetDeck</source>
        <translation>FleetDeck 未啟動任何負載</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未執行</translation>
    </message>
    <message>
        <source>Latency mesh</source>
        <translation>延遲網格</translation>
    </message>
    <message>
        <source>one round among the hosts</source>
        <translation>主機之間量測一輪</translation>
    </message>
    <message>
        <source>Failing</source>
        <translation>不通過</translation>
    </message>
    <message>
        <source>Not placed in a unit:</source>
        <translation>未放入機架單位：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Hosts in the elevation: green PASS, red FAIL; a host fails with any critical finding.</source>
        <translation>機架圖中的主機：綠色為通過，紅色為不通過；只要有任何嚴重發現，主機即不通過。</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>發現</translation>
    </message>
    <message>
        <source>No findings: every host meets the spec and the checks.</source>
        <translation>沒有發現：每台主機都符合規格並通過檢查。</translation>
    </message>
    <message>
        <source>%1 critical, %2 warnings. Critical first; a host with a critical finding fails.</source>
        <translation>%1 項嚴重、%2 項警告。嚴重項目列在前面；有嚴重發現的主機即不通過。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重度</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>發現</translation>
    </message>
    <message>
        <source>No load command: FleetDeck started nothing on this host.</source>
        <translation>沒有負載指令：FleetDeck 沒有在這台主機上啟動任何程式。</translation>
    </message>
    <message>
        <source>Load command:</source>
        <translation>負載指令：</translation>
    </message>
    <message>
        <source>Outcome:</source>
        <translation>結果：</translation>
    </message>
    <message>
        <source>did not start: %1</source>
        <translation>沒有啟動：%1</translation>
    </message>
    <message>
        <source>Exit status:</source>
        <translation>結束狀態：</translation>
    </message>
    <message>
        <source> (failed)</source>
        <translation>（失敗）</translation>
    </message>
    <message>
        <source>still running at the end of the window; stopped by FleetDeck</source>
        <translation>時段結束時仍在執行；已由 FleetDeck 停止</translation>
    </message>
    <message>
        <source>Its last lines:</source>
        <translation>最後輸出的幾行：</translation>
    </message>
    <message>
        <source>no rack</source>
        <translation>未指定機架</translation>
    </message>
    <message>
        <source>rack %1</source>
        <translation>機架 %1</translation>
    </message>
    <message>
        <source>simulated (%1)</source>
        <translation>模擬（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not reached&lt;/b&gt; (%1): %2. Nothing was checked on this host.</source>
        <translation>&lt;b&gt;無法連線&lt;/b&gt;（%1）：%2。這台主機沒有做任何檢查。</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>無。</translation>
    </message>
    <message>
        <source>Recorded %1 of %2 on %3 GPUs%4.</source>
        <translation>已記錄 %3 顆 GPU 共 %1（時段 %2）%4。</translation>
    </message>
    <message>
        <source>; recording stopped early: </source>
        <translation>；記錄提早中斷：</translation>
    </message>
    <message>
        <source>Nothing was recorded on this host.</source>
        <translation>這台主機沒有記錄到任何資料。</translation>
    </message>
    <message>
        <source>Spec and actual</source>
        <translation>規格與實際</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>規格</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>實際</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Commissioning report</source>
        <translation>驗收報告</translation>
    </message>
    <message>
        <source>Commissioning report — rack %1</source>
        <translation>驗收報告 — 機架 %1</translation>
    </message>
    <message>
        <source>learned from %1</source>
        <translation>從 %1 學習</translation>
    </message>
    <message>
        <source>spec file %1</source>
        <translation>規格檔 %1</translation>
    </message>
    <message>
        <source>%1, %2 of %3 hosts pass</source>
        <translation>%1，%3 台主機中有 %2 台通過</translation>
    </message>
    <message>
        <source>Written by FleetDeck %1 for %2, %3. %4.</source>
        <translation>由 FleetDeck %1 為 %2 產生，%3。%4。</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>頻寬</translation>
    </message>
    <message>
        <source>TCP among the hosts%1%2</source>
        <translation>主機間 TCP%1%2</translation>
    </message>
    <message>
        <source>, RDMA</source>
        <translation>、RDMA</translation>
    </message>
    <message>
        <source>, NCCL inside each host</source>
        <translation>、各主機內的 NCCL</translation>
    </message>
    <message>
        <source>Data path</source>
        <translation>資料路徑</translation>
    </message>
    <message>
        <source>Sender → receiver</source>
        <translation>傳送端 → 接收端</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Fabric and data path</source>
        <translation>網路架構與資料路徑</translation>
    </message>
    <message>
        <source>TCP between the hosts&apos; agents, Gb/s</source>
        <translation>主機代理程式之間的 TCP，Gb/s</translation>
    </message>
    <message>
        <source>RDMA (ib_write_bw), Gb/s</source>
        <translation>RDMA（ib_write_bw），Gb/s</translation>
    </message>
    <message>
        <source>Red: under 60 % of the slower NIC&apos;s or port&apos;s speed (docs/fabric.md).</source>
        <translation>紅色：低於較慢網卡或連接埠速度的 60 %（docs/fabric.md）。</translation>
    </message>
    <message>
        <source>NCCL all-reduce inside each host</source>
        <translation>各主機內的 NCCL all-reduce</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>匯流排頻寬</translation>
    </message>
    <message>
        <source>Board&apos;s figure</source>
        <translation>機板數值</translation>
    </message>
    <message>
        <source>none: judged against its peers</source>
        <translation>無：與同儕比較</translation>
    </message>
    <message>
        <source>Sequential read of %1</source>
        <translation>%1 的循序讀取</translation>
    </message>
    <message>
        <source>File system</source>
        <translation>檔案系統</translation>
    </message>
    <message>
        <source>Power and air during the burn-in</source>
        <translation>燒機期間的電力與氣流</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>單元</translation>
    </message>
    <message>
        <source>Peak power</source>
        <translation>尖峰功率</translation>
    </message>
    <message>
        <source>Inlet air</source>
        <translation>進氣</translation>
    </message>
    <message>
        <source>Hottest exhaust</source>
        <translation>最高排氣</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估計）</translation>
    </message>
    <message>
        <source>The rack&apos;s peak: %1 (the hosts&apos; peaks together).</source>
        <translation>機架尖峰：%1（各主機尖峰的總和）。</translation>
    </message>
    <message>
        <source>No feeds are recorded for this rack: nothing to weigh it against.</source>
        <translation>此機架沒有記錄供電線路：無從比對。</translation>
    </message>
    <message>
        <source>over</source>
        <translation>超出</translation>
    </message>
    <message>
        <source>within</source>
        <translation>未超出</translation>
    </message>
    <message>
        <source>Feed %1: %2 with %3 lost, %4 its budget of %5 (%6).</source>
        <translation>線路 %1：%3 斷電時為 %2，%4預算 %5（%6）。</translation>
    </message>
    <message>
        <source>Feed %1: %2, %3 its budget of %4 (%5).</source>
        <translation>線路 %1：%2，%3預算 %4（%5）。</translation>
    </message>
    <message>
        <source>Inlet air outside ASHRAE&apos;s recommended 18–27 °C fails the host (docs/power.md).</source>
        <translation>進氣超出 ASHRAE 建議的 18–27 °C 時，該主機不通過（docs/power.md）。</translation>
    </message>
</context>
<context>
    <name>secrets</name>
    <message>
        <source>no desktop keyring (Secret Service) on the session bus: the password is kept for this session only</source>
        <translation>工作階段匯流排上沒有桌面鑰匙圈（Secret Service）：密碼只保留到此工作階段結束</translation>
    </message>
    <message>
        <source>the desktop keyring is locked: unlock it and try again</source>
        <translation>桌面鑰匙圈已鎖定：請解鎖後再試一次</translation>
    </message>
    <message>
        <source>the desktop keyring did not answer %1 within %2 s: try again, or restart the keyring</source>
        <translation>桌面鑰匙圈未在 %2 秒內回應 %1：請再試一次，或重新啟動鑰匙圈</translation>
    </message>
    <message>
        <source>the desktop keyring refused %1 (%2: %3)</source>
        <translation>桌面鑰匙圈拒絕了 %1（%2：%3）</translation>
    </message>
    <message>
        <source>the desktop keyring sent no answer to %1: try again</source>
        <translation>桌面鑰匙圈沒有回應 %1：請再試一次</translation>
    </message>
    <message>
        <source>the desktop keyring answered %1 with %2 values instead of %3</source>
        <translation>桌面鑰匙圈對 %1 回應了 %2 個值，而非 %3 個</translation>
    </message>
    <message>
        <source>the desktop keyring offered no plain session: the password is kept for this session only</source>
        <translation>桌面鑰匙圈未提供 plain 工作階段：密碼只保留到此工作階段結束</translation>
    </message>
    <message>
        <source>the desktop keyring has no default collection: create one (for example in Passwords and Keys) and try again</source>
        <translation>桌面鑰匙圈沒有預設的集合：請建立一個（例如在「密碼與金鑰」中）後再試一次</translation>
    </message>
</context>
<context>
    <name>ssh</name>
    <message>
        <source>the start script printed an unexpected line: %1</source>
        <translation>啟動指令稿印出了非預期的一行：%1</translation>
    </message>
    <message>
        <source>the connection failed while starting the agent: %1</source>
        <translation>啟動 agent 時連線失敗：%1</translation>
    </message>
    <message>
        <source>could not inspect the server (uname, id, stat, sha256sum): %1</source>
        <translation>無法檢查伺服器（uname、id、stat、sha256sum）：%1</translation>
    </message>
    <message>
        <source>unexpected output</source>
        <translation>非預期的輸出</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>未在時限內回應</translation>
    </message>
    <message>
        <source>is a %1, not a directory</source>
        <translation>是 %1，而不是目錄</translation>
    </message>
    <message>
        <source>belongs to %1 (uid %2), not to the login user (uid %3)</source>
        <translation>屬於 %1（uid %2），而非登入使用者（uid %3）</translation>
    </message>
    <message>
        <source>has mode %1, so others may change what is in it; FleetDeck needs 700</source>
        <translation>的權限為 %1，其他人可以更改其中的內容；FleetDeck 需要 700</translation>
    </message>
    <message>
        <source>refusing to run the agent from %1 on %2: it %3. Another user may have put it there to run their program as you. Remove it (or chmod 700 it if it is yours) and connect again</source>
        <translation>拒絕從 %2 上的 %1 執行 agent：該路徑%3。其他使用者可能把它放在那裡，好以你的身分執行他們的程式。請移除它（若是你自己的，請 chmod 700）後再重新連線</translation>
    </message>
    <message>
        <source>could not start the agent on %1: %2</source>
        <translation>無法在 %1 上啟動 agent：%2</translation>
    </message>
    <message>
        <source>SFTP could not create %1 (error %2)</source>
        <translation>SFTP 無法建立 %1（錯誤 %2）</translation>
    </message>
    <message>
        <source>SFTP write to %1 failed (error %2)</source>
        <translation>SFTP 寫入 %1 失敗（錯誤 %2）</translation>
    </message>
    <message>
        <source>SFTP could not finish %1 (error %2)</source>
        <translation>SFTP 無法完成 %1（錯誤 %2）</translation>
    </message>
    <message>
        <source>could not open an exec channel for the upload: %1</source>
        <translation>無法為上傳開啟 exec 通道：%1</translation>
    </message>
    <message>
        <source>copying the agent failed: %1</source>
        <translation>複製 agent 失敗：%1</translation>
    </message>
    <message>
        <source>the disk is full: %1 has %2 KiB free and the agent needs %3 KiB; free some space</source>
        <translation>磁碟已滿：%1 只剩 %2 KiB，agent 需要 %3 KiB；請釋出一些空間</translation>
    </message>
    <message>
        <source>cannot read the bundled agent %1</source>
        <translation>無法讀取隨附的 agent %1</translation>
    </message>
    <message>
        <source>could not install the agent: %1</source>
        <translation>無法安裝 agent：%1</translation>
    </message>
    <message>
        <source>the agent uploaded to %1 does not match its SHA-256: the copy was cut short or altered; connect again</source>
        <translation>上傳到 %1 的 agent 與其 SHA-256 不符：複製中斷或內容遭到更改；請重新連線</translation>
    </message>
    <message>
        <source>could not install the agent: moving it into place in %1 failed (is the disk read-only?)</source>
        <translation>無法安裝 agent：在 %1 中將它移到定位失敗（磁碟是否為唯讀？）</translation>
    </message>
    <message>
        <source>the agent uploaded to %1 could not be started: it is not a regular file of the login user&apos;s that only they can write</source>
        <translation>無法啟動上傳到 %1 的 agent：它不是屬於登入使用者、且只有該使用者能寫入的一般檔案</translation>
    </message>
    <message>
        <source>no directory on %1 lets the agent run (tried %2): ask for one that is not mounted noexec</source>
        <translation>%1 上沒有可執行 agent 的目錄（已嘗試 %2）：請要求一個未以 noexec 掛載的目錄</translation>
    </message>
    <message>
        <source>this FleetDeck&apos;s agent manifest holds unexpected names: reinstall FleetDeck</source>
        <translation>此 FleetDeck 的 agent 清單含有非預期的名稱：請重新安裝 FleetDeck</translation>
    </message>
    <message>
        <source>no resident agent at %1: %2</source>
        <translation>%1 沒有常駐 agent：%2</translation>
    </message>
    <message>
        <source>no key to check the resident agent at %1 with</source>
        <translation>沒有可用來驗證 %1 常駐 agent 的金鑰</translation>
    </message>
    <message>
        <source>the resident agent at %1 did not take its challenge</source>
        <translation>%1 的常駐 agent 沒有接受驗證挑戰</translation>
    </message>
    <message>
        <source>the resident agent at %1 did not answer</source>
        <translation>%1 的常駐 agent 沒有回應</translation>
    </message>
    <message>
        <source>ignored the listener at %1: it could not prove it is the agent FleetDeck started there (another user&apos;s program, or one from before a reboot)</source>
        <translation>已忽略 %1 的監聽程式：它無法證明自己是 FleetDeck 在那裡啟動的 agent（可能是其他使用者的程式，或重新開機前留下的）</translation>
    </message>
    <message>
        <source>%1 is a %2 server; this FleetDeck ships agents for %3 only</source>
        <translation>%1 是 %2 伺服器；此 FleetDeck 只隨附 %3 的 agent</translation>
    </message>
    <message>
        <source>the %1 agent is missing from this FleetDeck installation: reinstall FleetDeck</source>
        <translation>此 FleetDeck 安裝缺少 %1 的 agent：請重新安裝 FleetDeck</translation>
    </message>
    <message>
        <source>the host key of %1 has CHANGED: %2 lists %3 %4, the server now offers %5 %6. Someone may be intercepting the connection, so FleetDeck refuses it. If the server was reinstalled, confirm the new fingerprint with its administrator, then remove the old entry with: ssh-keygen -R &apos;%1&apos; -f %7</source>
        <translation>%1 的主機金鑰已變更：%2 記錄的是 %3 %4，伺服器現在提供的是 %5 %6。可能有人正在攔截連線，因此 FleetDeck 拒絕連線。若伺服器已重新安裝，請向其管理員確認新的指紋，再以下列指令移除舊項目：ssh-keygen -R &apos;%1&apos; -f %7</translation>
    </message>
    <message>
        <source>the host key of %1 is REVOKED: the server offers %2 %3, which %4 marks @revoked. FleetDeck never accepts a revoked key; ask the server&apos;s administrator for its new key and how to confirm it</source>
        <translation>%1 的主機金鑰已被撤銷：伺服器提供 %2 %3，而 %4 將它標記為 @revoked。FleetDeck 絕不接受已撤銷的金鑰；請向伺服器管理員索取新金鑰及確認方式</translation>
    </message>
    <message>
        <source>%1 is vouched for by a @cert-authority line in %2; FleetDeck does not check host certificates yet: confirm the key the server offers (%6 %7) with its administrator, then add the host&apos;s own key with ssh-keyscan -p %3 %4 &gt;&gt; %5</source>
        <translation>%1 由 %2 中的 @cert-authority 行擔保；FleetDeck 目前不檢查主機憑證：請向管理員確認伺服器提供的金鑰（%6 %7），再以 ssh-keyscan -p %3 %4 &gt;&gt; %5 加入主機本身的金鑰</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2. A line that may concern %3 hides what it says, so FleetDeck neither trusts nor records the key the server offers (%4 %5); fix or delete that line</source>
        <translation>無法讀取 %1：%2。這一行可能與 %3 有關，但無法得知內容，因此 FleetDeck 既不信任也不記錄伺服器提供的金鑰（%4 %5）；請修正或刪除該行</translation>
    </message>
    <message>
        <source>cannot read known_hosts %1: %2; fix its permissions (or move what is in its place) so the host key of %3 can be checked</source>
        <translation>無法讀取 known_hosts %1：%2；請修正其權限（或移走佔據該位置的東西），才能檢查 %3 的主機金鑰</translation>
    </message>
    <message>
        <source>the host key of %1 is not in %2: the server offers %3 %4. Confirm this fingerprint with the server&apos;s administrator, then accept it in FleetDeck or run once with --accept-new</source>
        <translation>%1 的主機金鑰不在 %2 中：伺服器提供 %3 %4。請向伺服器管理員確認此指紋，再於 FleetDeck 中接受它，或加上 --accept-new 執行一次</translation>
    </message>
    <message>
        <source> (line %1 of %2 is no host entry and was skipped)</source>
        <translation>（%2 的第 %1 行不是主機項目，已略過）</translation>
    </message>
    <message>
        <source> (lines %1 of %2 are no host entries and were skipped)</source>
        <translation>（%2 的第 %1 行不是主機項目，已略過）</translation>
    </message>
    <message>
        <source>could not record the host key of %1: libssh cannot encode it</source>
        <translation>無法記錄 %1 的主機金鑰：libssh 無法將它編碼</translation>
    </message>
    <message>
        <source>could not record the host key of %1 in %2: %3; check that the file is writable</source>
        <translation>無法將 %1 的主機金鑰記錄到 %2：%3；請確認該檔案可寫入</translation>
    </message>
    <message>
        <source>the server sent no host key: %1</source>
        <translation>伺服器沒有送出主機金鑰：%1</translation>
    </message>
    <message>
        <source>the line has no key after the host names</source>
        <translation>該行在主機名稱之後沒有金鑰</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a key type FleetDeck knows</source>
        <translation>&apos;%1&apos; 不是 FleetDeck 認得的金鑰類型</translation>
    </message>
    <message>
        <source>its %1 key is not valid base64</source>
        <translation>其 %1 金鑰不是有效的 base64</translation>
    </message>
    <message>
        <source>the line says %1 but the key data is not a %1 key</source>
        <translation>該行標示為 %1，但金鑰資料不是 %1 金鑰</translation>
    </message>
    <message>
        <source>its %1 key cannot be decoded</source>
        <translation>其 %1 金鑰無法解碼</translation>
    </message>
    <message>
        <source>its hashed host name is malformed, so it may be for this host</source>
        <translation>其雜湊主機名稱格式錯誤，因此可能是這台主機的</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a marker OpenSSH knows</source>
        <translation>&apos;%1&apos; 不是 OpenSSH 認得的標記</translation>
    </message>
    <message>
        <source>%1: no passphrase given (without a terminal or dialog, load the key with ssh-add)</source>
        <translation>%1：未提供密碼短語（沒有終端機或對話框時，請以 ssh-add 載入金鑰）</translation>
    </message>
    <message>
        <source>%1 is encrypted: load it with ssh-add, or run where FleetDeck can ask</source>
        <translation>%1 已加密：請以 ssh-add 載入，或在 FleetDeck 能詢問的地方執行</translation>
    </message>
    <message>
        <source>%1: wrong passphrase</source>
        <translation>%1：密碼短語錯誤</translation>
    </message>
    <message>
        <source>%1: not a private key FleetDeck can read</source>
        <translation>%1：不是 FleetDeck 能讀取的私密金鑰</translation>
    </message>
    <message>
        <source>the connection failed during login: %1</source>
        <translation>登入時連線失敗：%1</translation>
    </message>
    <message>
        <source>%1@%2 refused every credential offered (%3)</source>
        <translation>%1@%2 拒絕了提供的所有憑證（%3）</translation>
    </message>
    <message>
        <source>no key found</source>
        <translation>找不到金鑰</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>；%1</translation>
    </message>
    <message>
        <source>: add your public key to ~%1/.ssh/authorized_keys on the server, or choose the key with --identity or IdentityFile in ~/.ssh/config</source>
        <translation>：請將你的公開金鑰加入伺服器上的 ~%1/.ssh/authorized_keys，或以 --identity 或 ~/.ssh/config 中的 IdentityFile 指定金鑰</translation>
    </message>
    <message>
        <source>cannot read %1 for %2: ssh(1) does not start (%3); install openssh-client</source>
        <translation>無法為 %2 讀取 %1：ssh(1) 無法啟動（%3）；請安裝 openssh-client</translation>
    </message>
    <message>
        <source>reading %1 for %2 took over %3 s (a Match exec that hangs?)</source>
        <translation>為 %2 讀取 %1 超過 %3 秒（是否有卡住的 Match exec？）</translation>
    </message>
    <message>
        <source>ssh(1) refuses %1 for %2: %3; fix the config (`ssh -G %2` shows the same)</source>
        <translation>ssh(1) 拒絕為 %2 使用 %1：%3；請修正設定（`ssh -G %2` 會顯示相同結果）</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>結束碼 %1</translation>
    </message>
    <message>
        <source>ProxyJump &apos;%1&apos; for %2 is not [user@]host[:port]</source>
        <translation>%2 的 ProxyJump &apos;%1&apos; 不是 [使用者@]主機[:連接埠] 的形式</translation>
    </message>
    <message>
        <source>cannot build a jump for %1: unusual characters in its host or file names</source>
        <translation>無法為 %1 建立跳板連線：其主機或檔案名稱含有不尋常的字元</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2; check that the server is up and sshd listens there</source>
        <translation>無法連線到 %1：%2；請確認伺服器已開機，且 sshd 在該處監聽</translation>
    </message>
    <message>
        <source>out of memory creating an SSH session</source>
        <translation>建立 SSH 工作階段時記憶體不足</translation>
    </message>
    <message>
        <source>connection to %1 lost: %2</source>
        <translation>與 %1 的連線中斷：%2</translation>
    </message>
    <message>
        <source>connection to %1 lost</source>
        <translation>與 %1 的連線中斷</translation>
    </message>
    <message>
        <source>the agent on %1 exited with status %2</source>
        <translation>%1 上的 agent 以狀態 %2 結束</translation>
    </message>
    <message>
        <source>the agent on %1 ended</source>
        <translation>%1 上的 agent 已結束</translation>
    </message>
    <message>
        <source>connection to %1 lost while sending: %2</source>
        <translation>傳送時與 %1 的連線中斷：%2</translation>
    </message>
    <message>
        <source>the command did not finish in time</source>
        <translation>指令未在時限內完成</translation>
    </message>
    <message>
        <source>%1 line %2: Include nested more than %3 deep; skipped</source>
        <translation>%1 第 %2 行：Include 巢狀超過 %3 層；已略過</translation>
    </message>
    <message>
        <source>%1 line %2: more than %3 included files; the rest is skipped</source>
        <translation>%1 第 %2 行：引入的檔案超過 %3 個；其餘已略過</translation>
    </message>
    <message>
        <source>%1 line %2: cannot read %3: %4</source>
        <translation>%1 第 %2 行：無法讀取 %3：%4</translation>
    </message>
</context>
<context>
    <name>tuning</name>
    <message>
        <source>proposes switching off a protection (firewall, Secure Boot, SELinux/AppArmor, encryption, IOMMU): &quot;%1&quot;</source>
        <translation>提議關閉一項防護（防火牆、Secure Boot、SELinux/AppArmor、加密、IOMMU）：「%1」</translation>
    </message>
    <message>
        <source>value switches off a protection</source>
        <translation>此值會關閉一項防護</translation>
    </message>
    <message>
        <source>ACS advice must be limited to tenancy &quot;dedicated&quot; and the bare_metal fact in every condition</source>
        <translation>ACS 建議的每個條件都必須限於租用方式「dedicated」並具備 bare_metal 事實</translation>
    </message>
    <message>
        <source>busy polling must be limited to tenancy &quot;dedicated&quot; in every condition</source>
        <translation>busy polling 的每個條件都必須限於租用方式「dedicated」</translation>
    </message>
    <message>
        <source>no cpufreq in this VM guest: the hypervisor owns CPU frequency</source>
        <translation>此 VM 客體沒有 cpufreq：CPU 頻率由 hypervisor 掌管</translation>
    </message>
    <message>
        <source>no cpufreq driver on this host (firmware may own CPU frequency)</source>
        <translation>此主機沒有 cpufreq 驅動程式（CPU 頻率可能由韌體掌管）</translation>
    </message>
    <message>
        <source>EPP needs intel_pstate or amd-pstate-epp in active mode; this host runs %1</source>
        <translation>EPP 需要 active 模式的 intel_pstate 或 amd-pstate-epp；此主機執行的是 %1</translation>
    </message>
    <message>
        <source>no NVIDIA GPU on this host</source>
        <translation>此主機沒有 NVIDIA GPU</translation>
    </message>
    <message>
        <source>only %1 GPU on this host</source>
        <translation>此主機只有 %1 張 GPU</translation>
    </message>
    <message>
        <source>no NVMe device on this host</source>
        <translation>此主機沒有 NVMe 裝置</translation>
    </message>
    <message>
        <source>no physical block device reported</source>
        <translation>沒有回報任何實體區塊裝置</translation>
    </message>
    <message>
        <source>this host is a VM guest</source>
        <translation>此主機是 VM 客體</translation>
    </message>
    <message>
        <source>cannot tell whether this host is a VM guest</source>
        <translation>無法判斷此主機是否為 VM 客體</translation>
    </message>
    <message>
        <source>kernel %1 is older than 4.9, which BBR needs</source>
        <translation>核心 %1 早於 BBR 所需的 4.9</translation>
    </message>
    <message>
        <source>kernel version unknown</source>
        <translation>核心版本不明</translation>
    </message>
    <message>
        <source>no InfiniBand or RoCE port under /sys/class/infiniband</source>
        <translation>/sys/class/infiniband 下沒有 InfiniBand 或 RoCE 連接埠</translation>
    </message>
    <message>
        <source>a single NUMA node</source>
        <translation>只有單一 NUMA 節點</translation>
    </message>
    <message>
        <source>the host cannot take this setting</source>
        <translation>此主機無法套用這項設定</translation>
    </message>
    <message>
        <source>already at least %1</source>
        <translation>已至少為 %1</translation>
    </message>
    <message>
        <source>no NVIDIA GPU to share the power cap between</source>
        <translation>沒有可分配功率上限的 NVIDIA GPU</translation>
    </message>
</context>
<context>
    <name>utilization</name>
    <message>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>held idle</source>
        <translation>佔用閒置</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>power capped</source>
        <translation>功率受限</translation>
    </message>
    <message>
        <source>thermal capped</source>
        <translation>溫度受限</translation>
    </message>
    <message>
        <source>input bound</source>
        <translation>輸入瓶頸</translation>
    </message>
    <message>
        <source>communication bound</source>
        <translation>通訊瓶頸</translation>
    </message>
    <message>
        <source>memory bound</source>
        <translation>記憶體頻寬瓶頸</translation>
    </message>
    <message>
        <source>PCIe bound</source>
        <translation>PCIe 瓶頸</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>a process</source>
        <translation>一個程序</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 及另外 %2 個</translation>
    </message>
    <message>
        <source>GPU %1: too few samples yet (%2 of %3).</source>
        <translation>GPU %1：樣本仍太少（%2／%3）。</translation>
    </message>
    <message>
        <source>GPU %1 has no process. Give it work or hand it back.</source>
        <translation>GPU %1 沒有程序。請分派工作給它，或將它退還。</translation>
    </message>
    <message>
        <source>GPU %1 is held by %2 but has done nothing for %3 (%4 %5 %). Ask its owner to end it, or hand the GPU back.</source>
        <translation>GPU %1 由 %2 佔用，但已%3沒有工作（%4 %5 %）。請其擁有者結束它，或將 GPU 退還。</translation>
    </message>
    <message>
        <source>GPU %1&apos;s clocks were held down by its power limit for %2 % of the window. Check its power limit and the rack&apos;s power budget (guide §2.3).</source>
        <translation>GPU %1 的時脈在觀察期間有 %2 % 的時間受功率上限壓低。請檢查其功率上限與機架的電力預算（指南 §2.3）。</translation>
    </message>
    <message>
        <source>GPU %1&apos;s clocks were held down by its temperature for %2 % of the window. Check its cooling and airflow: keep GPUs at 60–80 °C (guide §2.3).</source>
        <translation>GPU %1 的時脈在觀察期間有 %2 % 的時間因溫度被壓低。請檢查散熱與氣流：讓 GPU 保持在 60–80 °C（指南 §2.3）。</translation>
    </message>
    <message>
        <source>GPU %1: profiling needs Hopper or later; NVML utilization (%2 %) cannot tell busy from bound (guide §6).</source>
        <translation>GPU %1：效能剖析需要 Hopper 或更新的 GPU；NVML 使用率（%2 %）無法分辨忙碌與瓶頸（指南 §6）。</translation>
    </message>
    <message>
        <source>GPU %1: its agent reports no profiling counters; NVML utilization (%2 %) cannot tell busy from bound (guide §6).</source>
        <translation>GPU %1：其 agent 未回報效能剖析計數器；NVML 使用率（%2 %）無法分辨忙碌與瓶頸（指南 §6）。</translation>
    </message>
    <message>
        <source>GPU %1 is held by %2 and has done nothing for %3 (%4 %5 %); held idle after %6.</source>
        <translation>GPU %1 由 %2 佔用，已%3沒有工作（%4 %5 %）；滿 %6 即判定為佔用閒置。</translation>
    </message>
    <message>
        <source>GPU %1 waits for its input: SM active %2 % while %3. Cache the data set on local NVMe and add data loader workers (guide §2.2).</source>
        <translation>GPU %1 在等待輸入資料：SM 活躍 %2 %，同時%3。請將資料集快取到本機 NVMe，並增加資料載入的 worker（指南 §2.2）。</translation>
    </message>
    <message>
        <source>GPU %1 waits for its peers: %2 reaches %3 % of its rate while SM active (%4 %) falls as it rises. Check the interconnect and overlap communication with compute (guide §4, §5.1).</source>
        <translation>GPU %1 在等待其他節點：%2 達到其速率的 %3 %，而 SM 活躍（%4 %）隨之下降。請檢查互連，並讓通訊與運算重疊（指南 §4、§5.1）。</translation>
    </message>
    <message>
        <source>GPU %1 is bound by its memory bandwidth: DRAM active %2 %, tensor active %3 %. Use mixed precision and larger batches so each byte read does more work, and profile the kernels (guide §3.2, §6).</source>
        <translation>GPU %1 受限於記憶體頻寬：DRAM 活躍 %2 %，tensor 活躍 %3 %。請使用混合精度與更大的批次，讓每個讀取的位元組做更多運算，並剖析 kernel（指南 §3.2、§6）。</translation>
    </message>
    <message>
        <source>GPU %1 is bound by its PCIe link: %2 % of its rate with SM active %3 %. Keep data on the GPU between steps, use pinned memory, and check the slot runs at its full generation and width (guide §2.1).</source>
        <translation>GPU %1 受限於 PCIe 連結：達到其速率的 %2 %，SM 活躍 %3 %。請讓資料在各步驟之間留在 GPU 上、使用 pinned memory，並確認插槽以完整的世代與寬度運作（指南 §2.1）。</translation>
    </message>
    <message>
        <source>GPU %1 is busy: SM active %2 %, tensor active %3 %.</source>
        <translation>GPU %1 忙碌：SM 活躍 %2 %，tensor 活躍 %3 %。</translation>
    </message>
    <message>
        <source>GPU %1: SM active %2 % and nothing FleetDeck reads holds it back. Profile the job, change one thing, measure again (guide §6, §7).</source>
        <translation>GPU %1：SM 活躍 %2 %，FleetDeck 讀到的數據中沒有限制它的因素。請剖析工作，一次只改一件事，再重新量測（指南 §6、§7）。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>the CPUs are %1 % busy</source>
        <translation>CPU 忙碌 %1 %</translation>
    </message>
    <message>
        <source>tasks wait for a CPU %1 % of the time</source>
        <translation>工作有 %1 % 的時間在等待 CPU</translation>
    </message>
    <message>
        <source>tasks wait for I/O %1 % of the time</source>
        <translation>工作有 %1 % 的時間在等待 I/O</translation>
    </message>
    <message>
        <source>%1 is busy %2 % of the time</source>
        <translation>%1 有 %2 % 的時間忙碌</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs %3.</source>
        <translation>%2 張 GPU 中有 %1 張%3。</translation>
    </message>
    <message>
        <source>No GPUs in the samples.</source>
        <translation>樣本中沒有 GPU。</translation>
    </message>
    <message>
        <source>SM active</source>
        <translation>SM 活躍</translation>
    </message>
    <message>
        <source>utilization</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>GPU %1 does nothing (%2 %3 %); its driver does not list the processes on it, so FleetDeck cannot say who holds it.</source>
        <translation>GPU %1 沒有工作（%2 %3 %）；其驅動程式不列出上面的程序，因此 FleetDeck 無法得知是誰佔用它。</translation>
    </message>
</context>
</TS>
