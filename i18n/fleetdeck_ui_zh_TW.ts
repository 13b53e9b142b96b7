<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>BandLegend</name>
    <message>
        <source>THERMAL</source>
        <translation>過熱</translation>
    </message>
    <message>
        <source>POWER CAP</source>
        <translation>功率上限</translation>
    </message>
</context>
<context>
    <name>CommissionProgress</name>
    <message>
        <source>no hosts chosen yet</source>
        <translation>尚未選擇主機</translation>
    </message>
    <message>
        <source>hosts chosen, no spec yet</source>
        <translation>已選擇主機，尚無規格</translation>
    </message>
    <message>
        <source>spec ready, checks not run</source>
        <translation>規格已就緒，尚未執行檢查</translation>
    </message>
    <message>
        <source>checks done, report not written</source>
        <translation>檢查完成，報告尚未寫出</translation>
    </message>
    <message>
        <source>report written</source>
        <translation>報告已寫出</translation>
    </message>
    <message>
        <source>rack %1</source>
        <translation>機架 %1</translation>
    </message>
    <message>
        <source>1 host</source>
        <translation>1 台主機</translation>
    </message>
    <message>
        <source>%1 hosts</source>
        <translation>%1 台主機</translation>
    </message>
    <message>
        <source>Resume commissioning of %1 (%2)</source>
        <translation>繼續 %1 的驗收（%2）</translation>
    </message>
</context>
<context>
    <name>DashboardView</name>
    <message>
        <source>Fleet overview</source>
        <translation>機群總覽</translation>
    </message>
    <message>
        <source>Fleet &amp;overview</source>
        <translation>機群總覽(&amp;O)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>&amp;Host page</source>
        <translation>主機頁面(&amp;H)</translation>
    </message>
    <message>
        <source>GPU cooling</source>
        <translation>GPU 散熱</translation>
    </message>
    <message>
        <source>GPU &amp;cooling</source>
        <translation>GPU 散熱(&amp;C)</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>&amp;Racks</source>
        <translation>機架(&amp;R)</translation>
    </message>
    <message>
        <source>Latency map</source>
        <translation>延遲地圖</translation>
    </message>
    <message>
        <source>&amp;Latency map</source>
        <translation>延遲地圖(&amp;L)</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation>事件(&amp;E)</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>&amp;Utilization</source>
        <translation>使用率(&amp;U)</translation>
    </message>
</context>
<context>
    <name>FleetDeckCommandLine</name>
    <message>
        <source>Live telemetry, tuning and audit for GPU servers.</source>
        <translation>GPU 伺服器的即時遙測、調校與稽核。</translation>
    </message>
    <message>
        <source>Render the window to FILE (PNG) and exit.</source>
        <translation>將視窗繪製成 FILE（PNG）後結束。</translation>
    </message>
    <message>
        <source>With --screenshot: wait SECONDS first (default 3).</source>
        <translation>搭配 --screenshot：先等待 SECONDS 秒（預設 3）。</translation>
    </message>
    <message>
        <source>The view to open: %1 or %2.</source>
        <translation>要開啟的檢視：%1 或 %2。</translation>
    </message>
    <message>
        <source>Start with N simulated hosts instead of this machine and the inventory.</source>
        <translation>以 N 台模擬主機啟動，取代本機與主機清單。</translation>
    </message>
    <message>
        <source>Look: system, light or dark (default: as in Preferences).</source>
        <translation>外觀：system、light 或 dark（預設：依偏好設定）。</translation>
    </message>
    <message>
        <source>The dark theme (same as --theme dark).</source>
        <translation>深色主題（同 --theme dark）。</translation>
    </message>
    <message>
        <source>The language: zh_TW (Traditional Chinese) or en (default: as in Preferences, else the locale&apos;s).</source>
        <translation>語言：zh_TW（繁體中文）或 en（預設：依偏好設定，否則依語系設定）。</translation>
    </message>
    <message>
        <source>--demo-hosts needs a number from 1 to 2000</source>
        <translation>--demo-hosts 需要 1 到 2000 之間的數字</translation>
    </message>
    <message>
        <source>--theme takes %1, not &apos;%2&apos;</source>
        <translation>--theme 接受 %1，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1; connection diagnostics are not logged</source>
        <translation>%1；連線診斷不會被記錄</translation>
    </message>
    <message>
        <source>mesh addresses chosen earlier were not moved into the inventory: %1</source>
        <translation>先前選擇的網狀量測位址未移入主機清單：%1</translation>
    </message>
    <message>
        <source>--after needs a number of seconds</source>
        <translation>--after 需要秒數</translation>
    </message>
</context>
<context>
    <name>Freshness</name>
    <message>
        <source>no samples yet</source>
        <translation>尚無樣本</translation>
    </message>
    <message>
        <source>stale since %1</source>
        <translation>自 %1 起未更新</translation>
    </message>
    <message>
        <source>updated %1 s ago</source>
        <translation>%1 秒前更新</translation>
    </message>
</context>
<context>
    <name>PrometheusSettings</name>
    <message>
        <source>&apos;%1&apos; is not an http:// or https:// address of a Prometheus server, such as http://prometheus.example:9090</source>
        <translation>&apos;%1&apos; 不是 Prometheus 伺服器的 http:// 或 https:// 位址，例如 http://prometheus.example:9090</translation>
    </message>
    <message>
        <source>put the user name and password in their own fields, not in the address</source>
        <translation>請將使用者名稱與密碼填在各自的欄位，不要放在位址中</translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <source>&amp;OK</source>
        <translation>確定(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <source>Close without Saving</source>
        <translation>不儲存就關閉</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Time (UTC)</source>
        <translation>時間（UTC）</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>host key: </source>
        <translation>主機金鑰：</translation>
    </message>
    <message>
        <source>none (local or simulated host)</source>
        <translation>無（本機或模擬主機）</translation>
    </message>
    <message>
        <source>none — this entry is about the log itself</source>
        <translation>無 — 此項目是關於日誌本身</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>交易</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>訊息</translation>
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
        <source>Integrity:</source>
        <translation>完整性：</translation>
    </message>
    <message>
        <source>Key passphrase</source>
        <translation>金鑰密語</translation>
    </message>
    <message>
        <source>Password for %1@%2</source>
        <translation>%1@%2 的密碼</translation>
    </message>
    <message>
        <source>Passphrase for %1 (to log in to %2):</source>
        <translation>%1 的密語（用於登入 %2）：</translation>
    </message>
    <message>
        <source>Password for %1 on %2 (used once, never stored):</source>
        <translation>%1 在 %2 上的密碼（只用一次，絕不儲存）：</translation>
    </message>
    <message>
        <source>Fleet inventory</source>
        <translation>機群清單</translation>
    </message>
    <message>
        <source>%1
Fix or move the file, then open the inventory again.</source>
        <translation>%1
請修正或移走該檔案，再重新開啟清單。</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>偏好設定(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>Recording into %1.</source>
        <translation>正在記錄至 %1。</translation>
    </message>
    <message>
        <source>The password or token is kept in the desktop keyring, never in FleetDeck&apos;s settings.</source>
        <translation>密碼或權杖保存在桌面鑰匙圈中，絕不存入 FleetDeck 的設定。</translation>
    </message>
    <message>
        <source>FleetDeck: Prometheus at %1</source>
        <translation>FleetDeck：位於 %1 的 Prometheus</translation>
    </message>
    <message>
        <source>Password not kept</source>
        <translation>密碼未保存</translation>
    </message>
    <message>
        <source>%1
FleetDeck uses it until it quits.</source>
        <translation>%1
FleetDeck 會使用它直到結束。</translation>
    </message>
    <message>
        <source>Cannot write %1 (%2): choose a folder you can write to.</source>
        <translation>無法寫入 %1（%2）：請選擇可寫入的資料夾。</translation>
    </message>
    <message>
        <source>Export to Prometheus failed</source>
        <translation>匯出至 Prometheus 失敗</translation>
    </message>
    <message>
        <source>Export to Prometheus: choose a folder</source>
        <translation>匯出至 Prometheus：選擇資料夾</translation>
    </message>
    <message>
        <source>Wrote %1 scrape target(s) to %2 and %3 alerting rules to %4.

In prometheus.yml, list the rules under rule_files and the targets under a file_sd_configs entry of a job named &quot;fleetdeck&quot;; on each server, enable fleetdeck-agent.service (see docs/metrics.md).</source>
        <translation>已將 %1 個抓取目標寫入 %2，並將 %3 條警示規則寫入 %4。

請在 prometheus.yml 中，把規則列在 rule_files 下，把目標列在名為 &quot;fleetdeck&quot; 之 job 的 file_sd_configs 項目下；並在每台伺服器上啟用 fleetdeck-agent.service（見 docs/metrics.md）。</translation>
    </message>
    <message>
        <source>

Skipped (no address Prometheus can scrape): %1.</source>
        <translation>

已略過（沒有 Prometheus 可抓取的位址）：%1。</translation>
    </message>
    <message>
        <source>Exported to Prometheus</source>
        <translation>已匯出至 Prometheus</translation>
    </message>
    <message>
        <source>sudo password</source>
        <translation>sudo 密碼</translation>
    </message>
    <message>
        <source>Password for sudo on %1 (used for this push only, never stored).
Leave it empty when sudo needs none there (NOPASSWD):</source>
        <translation>%1 上 sudo 的密碼（僅用於本次推送，絕不儲存）。
若該主機的 sudo 不需要密碼（NOPASSWD），請留空：</translation>
    </message>
    <message>
        <source>%1 — %2 — “%3” on %4 hosts%5</source>
        <translation>%1 — %2 — 「%3」於 %4 台主機%5</translation>
    </message>
    <message>
        <source> (persistent)</source>
        <translation>（持久）</translation>
    </message>
    <message>
        <source>Reading current values from %1…</source>
        <translation>正在從 %1 讀取目前的值…</translation>
    </message>
    <message>
        <source>Current values as read by the agent on %1.</source>
        <translation>由 %1 上的 agent 讀取的目前值。</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主機(&amp;H)：</translation>
    </message>
    <message>
        <source>facts not received yet: settings only, no hardware findings</source>
        <translation>尚未收到硬體資訊：只有設定，沒有硬體檢查結果</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 張 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 GiB RAM</source>
        <translation>，%1 GiB 記憶體</translation>
    </message>
    <message>
        <source>, VM guest</source>
        <translation>，虛擬機</translation>
    </message>
    <message>
        <source>Entry %1</source>
        <translation>項目 %1</translation>
    </message>
    <message>
        <source>%1 — THP and the CPU governor are taken from the host&apos;s facts where known.</source>
        <translation>%1 — 已知時，THP 與 CPU 調速器取自主機的資訊。</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>頻寬</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>錯誤</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>Save All</source>
        <translation>全部儲存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <source>Yes to &amp;All</source>
        <translation>全部皆是(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <source>N&amp;o to All</source>
        <translation>全部皆否(&amp;O)</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重試</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>忽略</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>捨棄</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>套用</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重設</translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation>還原預設值</translation>
    </message>
</context>
<context>
    <name>RecordedHistory</name>
    <message>
        <source>Recorded by FleetDeck: every sample</source>
        <translation>FleetDeck 的紀錄：每個樣本</translation>
    </message>
    <message>
        <source>Recorded by FleetDeck: 10-second points (temperatures show each interval&apos;s hottest reading, clocks its lowest)</source>
        <translation>FleetDeck 的紀錄：每 10 秒一點（溫度取每段區間的最高值，時脈取最低值）</translation>
    </message>
    <message>
        <source>Recorded by FleetDeck: 1-minute points (temperatures show each minute&apos;s hottest reading, clocks its lowest)</source>
        <translation>FleetDeck 的紀錄：每分鐘一點（溫度取每分鐘的最高值，時脈取最低值）</translation>
    </message>
    <message>
        <source>Nothing recorded yet: history starts with the first sample</source>
        <translation>尚無紀錄：歷史從第一個樣本開始</translation>
    </message>
    <message>
        <source> (Prometheus reaches no further back for this host)</source>
        <translation>（Prometheus 對此主機沒有更早的資料）</translation>
    </message>
    <message>
        <source> (Prometheus has nothing for this host)</source>
        <translation>（Prometheus 沒有此主機的資料）</translation>
    </message>
    <message>
        <source> (Prometheus: %1)</source>
        <translation>（Prometheus：%1）</translation>
    </message>
</context>
<context>
    <name>Screenshot</name>
    <message>
        <source>the window could not be rendered</source>
        <translation>無法繪製視窗</translation>
    </message>
    <message>
        <source>cannot write %1: check the folder exists and is writable</source>
        <translation>無法寫入 %1：請確認資料夾存在且可寫入</translation>
    </message>
</context>
<context>
    <name>fleetdeck::AuditViewer</name>
    <message>
        <source>Audit log — FleetDeck</source>
        <translation>稽核日誌 — FleetDeck</translation>
    </message>
    <message>
        <source>Select an entry to see its before and after values.</source>
        <translation>選取一個項目以查看變更前後的值。</translation>
    </message>
    <message>
        <source>Show one host&apos;s entries</source>
        <translation>只顯示某台主機的項目</translation>
    </message>
    <message>
        <source>Setting contains…</source>
        <translation>設定包含…</translation>
    </message>
    <message>
        <source>All results</source>
        <translation>所有結果</translation>
    </message>
    <message>
        <source>Operator…</source>
        <translation>操作者…</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>全部時間</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小時</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新載入(&amp;R)</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>匯出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation>匯出 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>篩選：</translation>
    </message>
    <message>
        <source>Audit log — %1</source>
        <translation>稽核日誌 — %1</translation>
    </message>
    <message>
        <source>Checking the audit log…</source>
        <translation>正在檢查稽核日誌…</translation>
    </message>
    <message>
        <source>✖ Cannot read the audit log: %1</source>
        <translation>✖ 無法讀取稽核日誌：%1</translation>
    </message>
    <message>
        <source>✖ Broken at %1. %2</source>
        <translation>✖ 在 %1 處損毀。%2</translation>
    </message>
    <message>
        <source>Entries 1–%1 verified.</source>
        <translation>項目 1–%1 已驗證。</translation>
    </message>
    <message>
        <source>No entry verified.</source>
        <translation>沒有已驗證的項目。</translation>
    </message>
    <message>
        <source>✔ Verified through entry %1 — hash chain and HMAC intact, %2 entries.%3</source>
        <translation>✔ 已驗證至項目 %1 — 雜湊鏈與 HMAC 完好，共 %2 個項目。%3</translation>
    </message>
    <message>
        <source> The last line is incomplete (an interrupted write); the next write repairs it.</source>
        <translation> 最後一行不完整（寫入被中斷）；下次寫入時會修復。</translation>
    </message>
    <message>
        <source>? Not verified: %1</source>
        <translation>? 未驗證：%1</translation>
    </message>
    <message>
        <source>No entries yet — every push is recorded here, with before and after values.</source>
        <translation>尚無項目 — 每次推送都會記錄在此，包含變更前後的值。</translation>
    </message>
    <message>
        <source>All hosts</source>
        <translation>所有主機</translation>
    </message>
    <message>
        <source>%1 entries in the log, loaded at %2 · newest first · select a row for before/after</source>
        <translation>日誌中有 %1 個項目，載入於 %2 · 最新的在前 · 選取一列以查看變更前後</translation>
    </message>
    <message>
        <source>Export audit entries</source>
        <translation>匯出稽核項目</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Exporting %1 entries to %2…</source>
        <translation>正在匯出 %1 個項目至 %2…</translation>
    </message>
    <message>
        <source>Exported %1 entries to %2</source>
        <translation>已匯出 %1 個項目至 %2</translation>
    </message>
    <message>
        <source>Could not write %1: check the folder exists and is writable</source>
        <translation>無法寫入 %1：請確認資料夾存在且可寫入</translation>
    </message>
</context>
<context>
    <name>fleetdeck::BandLegend</name>
    <message>
        <source>GPU temperature bands: under load a GPU belongs in 60–80 °C. At its slowdown threshold it lowers its clocks. Outlined badges name the active clock slowdown; filled ones a GPU health finding (red: critical, brown: warning), which the host page explains.</source>
        <translation>GPU 溫度區間：負載下的 GPU 應在 60–80 °C。到達降速門檻時會調低時脈。空心標記表示正在生效的時脈降速原因；實心標記表示 GPU 健康問題（紅色：嚴重，褐色：警告），詳見主機頁面。</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>過熱降速</translation>
    </message>
    <message>
        <source>power limit reached</source>
        <translation>達到功率上限</translation>
    </message>
    <message>
        <source>ECC</source>
        <translation>ECC</translation>
    </message>
    <message>
        <source>GPU health finding</source>
        <translation>GPU 健康問題</translation>
    </message>
</context>
<context>
    <name>fleetdeck::BandwidthPanel</name>
    <message>
        <source>Run test</source>
        <translation>執行測試</translation>
    </message>
    <message>
        <source>Every pair of hosts sends TCP to each other, agent to agent, both ways</source>
        <translation>每一對主機由 agent 對 agent 雙向互相傳送 TCP</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source> s each way</source>
        <translation> 秒（每個方向）</translation>
    </message>
    <message>
        <source> streams</source>
        <translation> 個串流</translation>
    </message>
    <message>
        <source>Not measured yet: Run test measures every pair of hosts (it loads the network for the test&apos;s time).</source>
        <translation>尚未量測：「執行測試」會量測每一對主機（測試期間會佔用網路）。</translation>
    </message>
    <message>
        <source>Bandwidth matrix</source>
        <translation>頻寬矩陣</translation>
    </message>
    <message>
        <source>Gb/s from each sender row to each receiver column</source>
        <translation>從每個傳送端（列）到每個接收端（欄）的 Gb/s</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>檢查結果</translation>
    </message>
    <message>
        <source>A bandwidth test needs at least two hosts of one kind (real or simulated).</source>
        <translation>頻寬測試至少需要兩台同類的主機（真實或模擬）。</translation>
    </message>
    <message numerus="yes">
        <source>Connecting to %n host(s)…</source>
        <translation>
            <numerusform>正在連線到 %n 台主機…</numerusform>
        </translation>
    </message>
    <message>
        <source>Test %1 of %2: %3</source>
        <translation>第 %1 項測試，共 %2 項：%3</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 tests; the matrix shows those measured.</source>
        <translation>已在 %2 項測試中的第 %1 項後取消；矩陣顯示已量測的部分。</translation>
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
        <source>%1 → %2: not measured: %3</source>
        <translation>%1 → %2：未量測：%3</translation>
    </message>
    <message>
        <source>%1 → %2: %3 over %4 streams</source>
        <translation>%1 → %2：%3，%4 個串流</translation>
    </message>
    <message>
        <source>%1 % of %2 (%3)</source>
        <translation>%2 的 %1 %（%3）</translation>
    </message>
    <message>
        <source>the median pair</source>
        <translation>各對的中位數</translation>
    </message>
    <message>
        <source>the slower NIC</source>
        <translation>較慢的網路卡</translation>
    </message>
    <message>
        <source>retransmitted: %1 % of segments</source>
        <translation>重送：區段的 %1 %</translation>
    </message>
    <message>
        <source>each second (Gb/s): %1</source>
        <translation>每秒（Gb/s）：%1</translation>
    </message>
    <message>
        <source>Critical: </source>
        <translation>嚴重：</translation>
    </message>
    <message>
        <source>Warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>Every pair carries what its NICs promise.</source>
        <translation>每一對主機都達到其網路卡應有的頻寬。</translation>
    </message>
    <message>
        <source>%1 of %2 pairs measured; %3 finding(s).</source>
        <translation>已量測 %2 對中的 %1 對；%3 項發現。</translation>
    </message>
    <message>
        <source>Gb/s each second</source>
        <translation>每秒 Gb/s</translation>
    </message>
    <message>
        <source>60 % of the reference</source>
        <translation>基準的 60 %</translation>
    </message>
    <message>
        <source>second of the test</source>
        <translation>測試的第幾秒</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>Click a cell for its rate each second</source>
        <translation>點選儲存格以查看其每秒速率</translation>
    </message>
    <message>
        <source>%1 → %2: not measured</source>
        <translation>%1 → %2：未量測</translation>
    </message>
    <message>
        <source>%1 → %2, each second</source>
        <translation>%1 → %2，每秒</translation>
    </message>
    <message>
        <source>The run was not kept: %1</source>
        <translation>這次執行未能保存：%1</translation>
    </message>
    <message>
        <source>No pair changed by 10 % or more since the run of %1.</source>
        <translation>自 %1 的那次執行以來，沒有任何一對主機的變化達到 10 % 以上。</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed by 10 % or more since the run of %1</source>
        <translation>
            <numerusform>自 %1 的那次執行以來，有 %n 對主機的變化達到 10 % 以上</numerusform>
        </translation>
    </message>
    <message>
        <source>; slower: %1.</source>
        <translation>；變慢的：%1。</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Then the same pairs over RDMA with perftest&apos;s ib_write_bw between the hosts&apos; active InfiniBand/RoCE ports</source>
        <translation>接著以 perftest 的 ib_write_bw，在主機作用中的 InfiniBand/RoCE 連接埠之間以 RDMA 測試同樣的主機對</translation>
    </message>
    <message>
        <source>NCCL</source>
        <translation>NCCL</translation>
    </message>
    <message>
        <source>Last, nccl-tests&apos; all_reduce_perf across each host&apos;s GPUs, judged against what its board should reach</source>
        <translation>最後在每台主機的 GPU 間執行 nccl-tests 的 all_reduce_perf，並與其機板應達的數值比較</translation>
    </message>
    <message>
        <source>Run shown</source>
        <translation>顯示的測試</translation>
    </message>
    <message>
        <source>Latest run</source>
        <translation>最近一次測試</translation>
    </message>
    <message>
        <source>Measure shown</source>
        <translation>顯示的量測</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>Run of %1</source>
        <translation>%1 的測試</translation>
    </message>
    <message>
        <source>This run measured no RDMA: tick RDMA before Run test.</source>
        <translation>這次測試沒有量測 RDMA：請先勾選 RDMA 再按執行測試。</translation>
    </message>
    <message>
        <source>NCCL measured inside %1 of %2 host(s).</source>
        <translation>已在 %2 台主機中的 %1 台內量測 NCCL。</translation>
    </message>
    <message>
        <source>The run of %1 measured no RDMA.</source>
        <translation>%1 的測試沒有量測 RDMA。</translation>
    </message>
    <message>
        <source>The run of %1.</source>
        <translation>%1 的測試。</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) changed by 10 % or more since the run of %1.</source>
        <translation>
            <numerusform>自 %1 的那次執行以來，有 %n 對主機的變化達到 10 % 以上。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2: %3 on average (RDMA reports no rate each second)</source>
        <translation>%1 → %2：平均 %3（RDMA 不回報每秒速率）</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ChartPanel</name>
    <message>
        <source>No data in this time range</source>
        <translation>此時間範圍內沒有資料</translation>
    </message>
    <message>
        <source>Drag across the chart to zoom into a time range; the wheel moves back and forth in time, Ctrl+wheel zooms; ← and → move too</source>
        <translation>在圖表上拖曳以放大某段時間；滾輪可前後移動時間，Ctrl+滾輪可縮放；← 與 → 也可移動</translation>
    </message>
    <message>
        <source>ddd HH:mm</source>
        <translation>ddd HH:mm</translation>
    </message>
    <message>
        <source>MMM d</source>
        <translation>M月d日</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ChecksPage</name>
    <message>
        <source>Checks and burn-in</source>
        <translation>檢查與燒機</translation>
    </message>
    <message>
        <source>Every host against the spec and against the rest of the rack, its GPU health, a latency round among the hosts, and a burn-in watch that records every GPU at 1 Hz while the load runs.</source>
        <translation>每台主機對照規格與機架中其他主機、檢查 GPU 健康、在主機之間量測一輪延遲，並在負載執行期間以 1 Hz 記錄每張 GPU 的燒機監看。</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>選項</translation>
    </message>
    <message>
        <source>&amp;Latency round among the hosts</source>
        <translation>主機之間量測一輪延遲(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Burn-in watch for</source>
        <translation>燒機監看時間(&amp;B)</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <source>Load during the burn-in:</source>
        <translation>燒機期間的負載：</translation>
    </message>
    <message>
        <source>&amp;Nothing (idle GPUs)</source>
        <translation>無(&amp;N)（GPU 閒置）</translation>
    </message>
    <message>
        <source>My &amp;own job, already running (FleetDeck only watches)</source>
        <translation>我自己的工作(&amp;O)，已在執行（FleetDeck 只監看）</translation>
    </message>
    <message>
        <source>A &amp;command FleetDeck starts on every host and stops at the end:</source>
        <translation>由 FleetDeck 在每台主機上啟動、結束時停止的指令(&amp;C)：</translation>
    </message>
    <message>
        <source>gpu_burn 900</source>
        <translation>gpu_burn 900</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>取消執行(&amp;N)</translation>
    </message>
    <message>
        <source>Stops the run; the load command is stopped on every host</source>
        <translation>停止本次執行；每台主機上的負載指令都會停止</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>尚未開始。</translation>
    </message>
    <message>
        <source>burn-in not started</source>
        <translation>燒機尚未開始</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>單元</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Hottest GPU (peak)</source>
        <translation>最熱的 GPU（峰值）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Each host&apos;s verdict and findings appear here when the run is over.</source>
        <translation>執行結束後，每台主機的判定與檢查結果會顯示在此。</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>burn-in: waiting for the checks before it</source>
        <translation>燒機：等待前面的檢查完成</translation>
    </message>
    <message>
        <source>no burn-in</source>
        <translation>不燒機</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在開始…</translation>
    </message>
    <message>
        <source>facts read</source>
        <translation>已讀取硬體資訊</translation>
    </message>
    <message>
        <source>not reached: %1</source>
        <translation>無法連上：%1</translation>
    </message>
    <message>
        <source>burn-in %1 of %2, %3 left</source>
        <translation>燒機 %1／%2，剩餘 %3</translation>
    </message>
    <message>
        <source>Cancelling: stopping the load on every host…</source>
        <translation>正在取消：停止每台主機上的負載…</translation>
    </message>
    <message>
        <source>burn-in: recording %1</source>
        <translation>燒機：正在記錄 %1</translation>
    </message>
    <message>
        <source>%1 °C on GPU %2 (peak %3 °C)</source>
        <translation>GPU %2 為 %1 °C（峰值 %3 °C）</translation>
    </message>
    <message>
        <source>Cancelled: the load was stopped on every host. Start again when ready.</source>
        <translation>已取消：每台主機上的負載都已停止。準備好後可再次開始。</translation>
    </message>
    <message>
        <source>burn-in cancelled</source>
        <translation>燒機已取消</translation>
    </message>
    <message>
        <source>The run could not judge the rack: %1</source>
        <translation>本次執行無法判定此機架：%1</translation>
    </message>
    <message>
        <source>Done: all %1 hosts pass.</source>
        <translation>完成：全部 %1 台主機通過。</translation>
    </message>
    <message>
        <source>Done: %1 of %2 hosts pass.</source>
        <translation>完成：%2 台主機中有 %1 台通過。</translation>
    </message>
    <message>
        <source>burn-in done (%1)</source>
        <translation>燒機完成（%1）</translation>
    </message>
    <message>
        <source>FAIL (not reached)</source>
        <translation>未通過（無法連上）</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 張 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 張 GPU</translation>
    </message>
    <message>
        <source>load did not start: %1</source>
        <translation>負載未啟動：%1</translation>
    </message>
    <message>
        <source>load exited with status %1</source>
        <translation>負載結束，狀態碼 %1</translation>
    </message>
    <message>
        <source>load stopped</source>
        <translation>負載已停止</translation>
    </message>
    <message>
        <source>load ended</source>
        <translation>負載已結束</translation>
    </message>
    <message>
        <source>checked</source>
        <translation>已檢查</translation>
    </message>
    <message>
        <source>burn-in recorded %1 of %2</source>
        <translation>燒機已記錄 %1，共 %2</translation>
    </message>
</context>
<context>
    <name>fleetdeck::CommissionWizard</name>
    <message>
        <source>Commission a rack</source>
        <translation>機架驗收</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>&amp;Commit</source>
        <translation>確認(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>完成(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ConnectionLogPanel</name>
    <message>
        <source>Connection log</source>
        <translation>連線紀錄</translation>
    </message>
    <message>
        <source>How FleetDeck reached this host, step by step: the options, the host key, each login method, where the agent came from, and what the agent wrote on stderr</source>
        <translation>FleetDeck 如何逐步連到此主機：使用的選項、主機金鑰、每種登入方式、agent 的來源，以及 agent 寫到 stderr 的內容</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Copy the connection log to the clipboard</source>
        <translation>將連線紀錄複製到剪貼簿</translation>
    </message>
    <message>
        <source>Nothing yet: this host has not been connected to since FleetDeck started.</source>
        <translation>尚無內容：FleetDeck 啟動後還沒有連線過此主機。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::CoolingGrid</name>
    <message>
        <source>GPU tiles</source>
        <translation>GPU 方塊</translation>
    </message>
    <message>
        <source>One tile per GPU, host by host in rack order. Arrow keys move between tiles; Enter opens the host.</source>
        <translation>每張 GPU 一個方塊，依機架順序逐台主機排列。方向鍵可在方塊間移動；Enter 開啟該主機。</translation>
    </message>
    <message>
        <source>%1, GPU %2</source>
        <translation>%1，GPU %2</translation>
    </message>
    <message>
        <source>lost: the GPU fell off the bus</source>
        <translation>遺失：GPU 已從匯流排脫落</translation>
    </message>
    <message>
        <source>%1 °C, %2</source>
        <translation>%1 °C，%2</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>過熱降速</translation>
    </message>
    <message>
        <source>power capped</source>
        <translation>受功率上限限制</translation>
    </message>
    <message>
        <source>%1 % busy</source>
        <translation>忙碌 %1 %</translation>
    </message>
    <message>
        <source>fan %1 %</source>
        <translation>風扇 %1 %</translation>
    </message>
    <message>
        <source>health findings: %1</source>
        <translation>健康問題：%1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>– %</source>
        <translation>– %</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>– W</source>
        <translation>– W</translation>
    </message>
    <message>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>遺失</translation>
    </message>
    <message>
        <source>fell off the bus</source>
        <translation>已從匯流排脫落</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>模擬</translation>
    </message>
    <message>
        <source>No GPUs in the fleet yet</source>
        <translation>機群中還沒有 GPU</translation>
    </message>
</context>
<context>
    <name>fleetdeck::CoolingView</name>
    <message>
        <source>GPU cooling — %1 GPUs on %2 hosts, in rack order</source>
        <translation>GPU 散熱 — %2 台主機上的 %1 張 GPU，依機架順序</translation>
    </message>
    <message>
        <source> · %1 thermal slowdown</source>
        <translation> · %1 張過熱降速</translation>
    </message>
    <message>
        <source> · %1 lost</source>
        <translation> · %1 張遺失</translation>
    </message>
    <message>
        <source> · %1 with health findings</source>
        <translation> · %1 張有健康問題</translation>
    </message>
</context>
<context>
    <name>fleetdeck::DataLocationPage</name>
    <message>
        <source>Data location</source>
        <translation>資料位置</translation>
    </message>
    <message>
        <source>Where is the dataset (or the model repository) read from?</source>
        <translation>資料集（或模型儲存庫）從哪裡讀取？</translation>
    </message>
    <message>
        <source>&amp;Local NVMe</source>
        <translation>本機 NVMe(&amp;L)</translation>
    </message>
    <message>
        <source>Copied to the servers&apos; own NVMe drives.</source>
        <translation>複製到伺服器自己的 NVMe 磁碟。</translation>
    </message>
    <message>
        <source>&amp;NAS or distributed file system</source>
        <translation>NAS 或分散式檔案系統(&amp;N)</translation>
    </message>
    <message>
        <source>NFS, GlusterFS, Lustre and the like.</source>
        <translation>NFS、GlusterFS、Lustre 等。</translation>
    </message>
    <message>
        <source>&amp;Object storage</source>
        <translation>物件儲存(&amp;O)</translation>
    </message>
    <message>
        <source>S3-compatible buckets, ideally in the same region.</source>
        <translation>相容 S3 的儲存桶，最好位於同一區域。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::DriftController</name>
    <message>
        <source>Re-applying</source>
        <translation>重新套用</translation>
    </message>
    <message>
        <source>Pushing persistently</source>
        <translation>持久推送</translation>
    </message>
    <message>
        <source>Pushed and verified; checking the host again…</source>
        <translation>已推送並驗證；正在重新檢查主機…</translation>
    </message>
    <message>
        <source>The push did not verify (%1): see its window for why</source>
        <translation>推送未通過驗證（%1）：原因請見其視窗</translation>
    </message>
    <message>
        <source>Nothing was pushed.</source>
        <translation>沒有推送任何內容。</translation>
    </message>
    <message numerus="yes">
        <source>%1 %n setting(s)…</source>
        <translation>
            <numerusform>%1 %n 項設定…</numerusform>
        </translation>
    </message>
    <message>
        <source>Recording the current values as desired…</source>
        <translation>正在將目前的值記錄為期望值…</translation>
    </message>
    <message numerus="yes">
        <source>Accepted %n current value(s) as desired (audit log).</source>
        <translation>
            <numerusform>已將 %n 個目前值接受為期望值（稽核日誌）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing was accepted: %1</source>
        <translation>沒有接受任何值：%1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::DriftPanel</name>
    <message>
        <source>Drift from what was pushed</source>
        <translation>與推送值的偏移</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>發生了什麼</translation>
    </message>
    <message>
        <source>Re-apply</source>
        <translation>重新套用</translation>
    </message>
    <message>
        <source>Push the selected settings (all when none is selected) again with the pushed values: the same transactional push, audited as a re-apply of the original push</source>
        <translation>以推送過的值再次推送選取的設定（未選取時為全部）：同樣是交易式推送，並在稽核中記錄為原推送的重新套用</translation>
    </message>
    <message>
        <source>Make persistent</source>
        <translation>設為持久</translation>
    </message>
    <message>
        <source>Push the settings a reboot dropped again, persistently (a sysctl.d file or the like), so the next reboot keeps them</source>
        <translation>將重新開機後遺失的設定以持久方式再次推送（sysctl.d 檔案等），讓下次重新開機後仍保留</translation>
    </message>
    <message>
        <source>Accept current</source>
        <translation>接受目前值</translation>
    </message>
    <message>
        <source>Record in the audit log that the current values are the desired ones from now on; nothing changes on the host</source>
        <translation>在稽核日誌中記錄：從現在起以目前的值為期望值；主機上不會有任何變更</translation>
    </message>
    <message>
        <source>The drift check at %1 failed: %2</source>
        <translation>%1 的偏移檢查失敗：%2</translation>
    </message>
    <message>
        <source>All %1 pushed settings have the pushed values (checked at %2).</source>
        <translation>全部 %1 項推送的設定都維持推送值（檢查於 %2）。</translation>
    </message>
    <message>
        <source>%1 of %2 pushed settings no longer have the pushed value (checked at %3).</source>
        <translation>%2 項推送的設定中，有 %1 項已不是推送值（檢查於 %3）。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::EventsView</name>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小時</translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation>最近 6 小時</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小時</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>All hosts</source>
        <translation>所有主機</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有種類</translation>
    </message>
    <message>
        <source>Any severity</source>
        <translation>任何嚴重程度</translation>
    </message>
    <message>
        <source>Warnings and critical</source>
        <translation>警告與嚴重</translation>
    </message>
    <message>
        <source>Critical only</source>
        <translation>僅嚴重</translation>
    </message>
    <message>
        <source>How far back to look</source>
        <translation>要往回看多久</translation>
    </message>
    <message>
        <source>Only this host&apos;s incidents</source>
        <translation>只顯示此主機的事件</translation>
    </message>
    <message>
        <source>Only incidents of this kind</source>
        <translation>只顯示此種類的事件</translation>
    </message>
    <message>
        <source>Only incidents at least this severe</source>
        <translation>只顯示至少此嚴重程度的事件</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>匯出 CSV…</translation>
    </message>
    <message>
        <source>Double-click or press Enter to see the host&apos;s charts over this incident</source>
        <translation>按兩下或按 Enter 可查看此事件期間的主機圖表</translation>
    </message>
    <message>
        <source>The recorded events cannot be read: %1</source>
        <translation>無法讀取已記錄的事件：%1</translation>
    </message>
    <message>
        <source>nothing happened in this range</source>
        <translation>此範圍內沒有發生任何事</translation>
    </message>
    <message>
        <source>1 incident</source>
        <translation>1 個事件</translation>
    </message>
    <message>
        <source>%1 incidents</source>
        <translation>%1 個事件</translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation>已持續 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Pick a folder you can write to.</source>
        <translation>無法寫入 %1：%2。請選擇可寫入的資料夾。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>無法寫入 %1：%2。</translation>
    </message>
    <message>
        <source>Export events as CSV</source>
        <translation>將事件匯出為 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <source>%1 · %2 open · %3 critical</source>
        <translation>%1 · %2 個進行中 · %3 個嚴重</translation>
    </message>
    <message>
        <source>Reading incidents…</source>
        <translation>正在讀取事件…</translation>
    </message>
</context>
<context>
    <name>fleetdeck::FitBudgetDialog</name>
    <message>
        <source>Fit the rack&apos;s power budget</source>
        <translation>配合機架的功率預算</translation>
    </message>
    <message>
        <source>&amp;Rack:</source>
        <translation>機架(&amp;R)：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Draw besides GPUs</source>
        <translation>GPU 以外的耗電</translation>
    </message>
    <message>
        <source>GPU limits now</source>
        <translation>目前 GPU 上限</translation>
    </message>
    <message>
        <source>Proposed</source>
        <translation>建議值</translation>
    </message>
    <message>
        <source>At most slower</source>
        <translation>最多變慢</translation>
    </message>
    <message>
        <source>Proposed GPU power limits per host</source>
        <translation>每台主機建議的 GPU 功率上限</translation>
    </message>
    <message>
        <source>A job held back by its GPUs&apos; power runs at most the last column slower: throughput falls no faster than the power limit. Training measured by MIT Lincoln Laboratory lost far less when capped to 60 % of its power (docs/power.md). The limits hold until the driver reloads; FleetDeck&apos;s drift check says when they no longer do.</source>
        <translation>受 GPU 功率限制的工作最多變慢最後一欄的比例：吞吐量下降不會比功率上限更快。MIT 林肯實驗室實測訓練工作在上限設為 60 % 時損失遠小於此（docs/power.md）。上限會維持到驅動程式重新載入；FleetDeck 的偏移檢查會在失效時告訴你。</translation>
    </message>
    <message>
        <source>&amp;Push…</source>
        <translation>推送(&amp;P)…</translation>
    </message>
    <message>
        <source>Save the limits with &apos;fleetdeck-cli plan --fit-power RACK --save-profile FILE&apos; and push them with &apos;apply&apos;</source>
        <translation>用 &apos;fleetdeck-cli plan --fit-power 機架 --save-profile 檔案&apos; 儲存上限，再用 &apos;apply&apos; 推送</translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuHealthPanel</name>
    <message>
        <source>GPU health</source>
        <translation>GPU 健康</translation>
    </message>
    <message>
        <source>No findings: no lost GPUs, memory errors, XIDs or link faults.</source>
        <translation>沒有問題：沒有遺失的 GPU、記憶體錯誤、XID 或連結故障。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::GpuProcessesPanel</name>
    <message>
        <source>GPU processes</source>
        <translation>GPU 行程</translation>
    </message>
    <message>
        <source>The driver cannot list the processes on this host&apos;s GPUs (its NVML has no process calls).</source>
        <translation>驅動程式無法列出這台主機 GPU 上的行程（其 NVML 沒有行程相關呼叫）。</translation>
    </message>
    <message>
        <source>1 process on %2 of %3 GPUs, holding %4 GiB of GPU memory.</source>
        <translation>%3 張 GPU 中有 %2 張上共 1 個行程，占用 %4 GiB GPU 記憶體。</translation>
    </message>
    <message>
        <source>%1 processes on %2 of %3 GPUs, holding %4 GiB of GPU memory.</source>
        <translation>%3 張 GPU 中有 %2 張上共 %1 個行程，占用 %4 GiB GPU 記憶體。</translation>
    </message>
    <message numerus="yes">
        <source>The driver cannot list the processes on %n GPU(s).</source>
        <translation>
            <numerusform>驅動程式無法列出 %n 張 GPU 上的行程。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fleetdeck::HelpWindow</name>
    <message>
        <source>FleetDeck documentation</source>
        <translation>FleetDeck 說明文件</translation>
    </message>
    <message>
        <source>FleetDeck (overview)</source>
        <translation>FleetDeck（總覽）</translation>
    </message>
    <message>
        <source>The documentation is not installed. It comes with the fleetdeck package in /usr/share/doc/fleetdeck; set FLEETDECK_DOC_DIR to a folder holding README.md to read it from elsewhere.</source>
        <translation>說明文件未安裝。它隨 fleetdeck 套件安裝在 /usr/share/doc/fleetdeck；若要從其他位置讀取，請將 FLEETDECK_DOC_DIR 設為含有 README.md 的資料夾。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostCharts</name>
    <message>
        <source>°C</source>
        <translation>°C</translation>
    </message>
    <message>
        <source>GPU board power</source>
        <translation>GPU 板卡功率</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>GPU SM clock</source>
        <translation>GPU SM 時脈</translation>
    </message>
    <message>
        <source>MHz</source>
        <translation>MHz</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 使用率</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>CPU utilization</source>
        <translation>CPU 使用率</translation>
    </message>
    <message>
        <source>Hottest CPU sensor</source>
        <translation>最熱的 CPU 感測器</translation>
    </message>
    <message>
        <source>Network, all interfaces</source>
        <translation>網路，所有介面</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>received</source>
        <translation>接收</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>傳送</translation>
    </message>
    <message>
        <source>15 minutes</source>
        <translation>15 分鐘</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小時</translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation>6 小時</translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation>24 小時</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 天</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 天</translation>
    </message>
    <message>
        <source>How far back the charts reach; beyond 15 minutes they show what FleetDeck recorded</source>
        <translation>圖表往回涵蓋的時間；超過 15 分鐘時顯示 FleetDeck 的紀錄</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重設縮放</translation>
    </message>
    <message>
        <source>Drag across a chart to zoom into a time range; this shows the chosen range, live, again</source>
        <translation>在圖表上拖曳可放大某段時間；按此會再次即時顯示所選的範圍</translation>
    </message>
    <message>
        <source>GPU temperature (dashed: %1 band, red: slowdown)</source>
        <translation>GPU 溫度（虛線：%1區間，紅色：降速）</translation>
    </message>
    <message>
        <source>Reading the recorded history…</source>
        <translation>正在讀取已記錄的歷史…</translation>
    </message>
    <message>
        <source>The recorded history cannot be read: %1</source>
        <translation>無法讀取已記錄的歷史：%1</translation>
    </message>
    <message>
        <source>Live samples of the last 15 minutes (no history is recorded)</source>
        <translation>最近 15 分鐘的即時樣本（未記錄歷史）</translation>
    </message>
    <message>
        <source>Live samples, one a second</source>
        <translation>即時樣本，每秒一個</translation>
    </message>
    <message>
        <source>Recorded history</source>
        <translation>已記錄的歷史</translation>
    </message>
    <message>
        <source>SM active</source>
        <translation>SM 活動</translation>
    </message>
    <message>
        <source>Tensor active</source>
        <translation>Tensor 活動</translation>
    </message>
    <message>
        <source>DRAM active</source>
        <translation>DRAM 活動</translation>
    </message>
    <message>
        <source>The share of the SMs that had work (DCGM_FI_PROF_SM_ACTIVE); a GPU at 100 % utilization can have a fifth of its SMs busy</source>
        <translation>有工作的 SM 比例（DCGM_FI_PROF_SM_ACTIVE）；使用率 100 % 的 GPU 可能只有五分之一的 SM 在忙</translation>
    </message>
    <message>
        <source>The share of cycles the tensor cores were busy (DCGM_FI_PROF_PIPE_TENSOR_ACTIVE)</source>
        <translation>Tensor 核心忙碌的週期比例（DCGM_FI_PROF_PIPE_TENSOR_ACTIVE）</translation>
    </message>
    <message>
        <source>The share of cycles GPU memory was being read or written (DCGM_FI_PROF_DRAM_ACTIVE); high with tensor activity low: the work waits on memory</source>
        <translation>GPU 記憶體正在讀寫的週期比例（DCGM_FI_PROF_DRAM_ACTIVE）；偏高而 Tensor 活動偏低：工作在等記憶體</translation>
    </message>
    <message>
        <source>profiling needs Hopper or later</source>
        <translation>效能剖析需要 Hopper 或更新的 GPU</translation>
    </message>
    <message>
        <source>profiling counters are kept
for the live 15 minutes only</source>
        <translation>效能剖析計數只保留
即時的 15 分鐘</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostDiffPage</name>
    <message>
        <source>Changes per host</source>
        <translation>各主機的變更</translation>
    </message>
    <message>
        <source>Current → proposed on each host. Review, then save the plan as a profile or push it.</source>
        <translation>每台主機的目前值 → 建議值。檢閱後，將計畫存為設定檔或直接推送。</translation>
    </message>
    <message>
        <source>profile name</source>
        <translation>設定檔名稱</translation>
    </message>
    <message>
        <source>&amp;Save profile</source>
        <translation>儲存設定檔(&amp;S)</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>匯出(&amp;X)</translation>
    </message>
    <message>
        <source>sysctl.d file…</source>
        <translation>sysctl.d 檔案…</translation>
    </message>
    <message>
        <source>tuned profile…</source>
        <translation>tuned 設定檔…</translation>
    </message>
    <message>
        <source>Ansible playbook…</source>
        <translation>Ansible playbook…</translation>
    </message>
    <message>
        <source>&amp;Push…</source>
        <translation>推送(&amp;P)…</translation>
    </message>
    <message>
        <source>Apply these changes on the selected hosts</source>
        <translation>在選取的主機上套用這些變更</translation>
    </message>
    <message>
        <source>Pushing is not available in this window: save the plan as a profile and apply it with fleetdeck-cli apply --profile</source>
        <translation>此視窗無法推送：請將計畫存為設定檔，再以 fleetdeck-cli apply --profile 套用</translation>
    </message>
    <message>
        <source>Profile &amp;name:</source>
        <translation>設定檔名稱(&amp;N)：</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未儲存：%1</translation>
    </message>
    <message>
        <source>Saved profile &quot;%1&quot; to %2</source>
        <translation>已將設定檔「%1」儲存至 %2</translation>
    </message>
    <message>
        <source>Export profile</source>
        <translation>匯出設定檔</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>未匯出：%1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已匯出至 %1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostEditDialog</name>
    <message>
        <source>Add host</source>
        <translation>新增主機</translation>
    </message>
    <message>
        <source>Edit host %1</source>
        <translation>編輯主機 %1</translation>
    </message>
    <message>
        <source>host name, IP address or ssh-config alias</source>
        <translation>主機名稱、IP 位址或 ssh-config 別名</translation>
    </message>
    <message>
        <source>ssh default</source>
        <translation>ssh 預設</translation>
    </message>
    <message>
        <source>none: direct, or ssh-config&apos;s ProxyJump</source>
        <translation>無：直接連線，或使用 ssh-config 的 ProxyJump</translation>
    </message>
    <message>
        <source>Reach the host through [user@]host[:port] (OpenSSH&apos;s ProxyJump); several hops joined by commas, e.g. ops@bastion,gw:2222. Set here, it wins over ssh-config&apos;s ProxyJump.</source>
        <translation>經由 [user@]host[:port] 連到主機（OpenSSH 的 ProxyJump）；多個跳板以逗號連接，例如 ops@bastion,gw:2222。在此設定會優先於 ssh-config 的 ProxyJump。</translation>
    </message>
    <message>
        <source>U</source>
        <translation>U</translation>
    </message>
    <message>
        <source>not placed</source>
        <translation>未放置</translation>
    </message>
    <message>
        <source>comma separated, e.g. h100, infiniband</source>
        <translation>以逗號分隔，例如 h100, infiniband</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名稱(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>位址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>連接埠(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>使用者(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Jump host:</source>
        <translation>跳板主機(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>群組(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Rack:</source>
        <translation>機架(&amp;R)：</translation>
    </message>
    <message>
        <source>Rack &amp;position:</source>
        <translation>機架位置(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>標籤(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Keep the agent running for 10 minutes after disconnecting</source>
        <translation>中斷連線後讓 agent 繼續執行 10 分鐘(&amp;K)</translation>
    </message>
    <message>
        <source>Reconnects then reach the running agent through SSH and start nothing on the server (no login shell). Off: every connect starts the agent, and it ends with the connection.</source>
        <translation>之後的重新連線會經由 SSH 連到執行中的 agent，不在伺服器上啟動任何東西（不開登入 shell）。關閉時：每次連線都會啟動 agent，並隨連線結束。</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostKeyDialog</name>
    <message>
        <source>Unknown host key — %1</source>
        <translation>未知的主機金鑰 — %1</translation>
    </message>
    <message>
        <source>Host key CHANGED — %1</source>
        <translation>主機金鑰已變更 — %1</translation>
    </message>
    <message>
        <source>FleetDeck has never connected to %1 before, so it cannot tell whether this is the right server. Compare the fingerprint below with the one the server&apos;s administrator gives you (on the server: ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub).</source>
        <translation>FleetDeck 從未連線過 %1，因此無法判斷這是否為正確的伺服器。請將下方的指紋與伺服器管理員提供的指紋比對（在伺服器上執行：ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub）。</translation>
    </message>
    <message>
        <source>The key %1 presents is different from the one recorded in %2. Someone may be intercepting the connection, so FleetDeck will not connect.

If the server was reinstalled, confirm the new fingerprint with its administrator, then remove the old entry in a terminal:
    ssh-keygen -R &apos;%3&apos; -f %2</source>
        <translation>%1 出示的金鑰與 %2 中記錄的不同。可能有人正在攔截連線，因此 FleetDeck 不會連線。

如果伺服器已重新安裝，請向其管理員確認新的指紋，然後在終端機中移除舊的項目：
    ssh-keygen -R &apos;%3&apos; -f %2</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>金鑰類型：</translation>
    </message>
    <message>
        <source>Recorded key:</source>
        <translation>已記錄的金鑰：</translation>
    </message>
    <message>
        <source>Offered now:</source>
        <translation>目前出示：</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>指紋：</translation>
    </message>
    <message>
        <source>&amp;Trust and connect</source>
        <translation>信任並連線(&amp;T)</translation>
    </message>
</context>
<context>
    <name>fleetdeck::HostPage</name>
    <message>
        <source>The host shown on this page</source>
        <translation>此頁面顯示的主機</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <source>Stop updating the charts (View ▸ Pause charts)</source>
        <translation>停止更新圖表（檢視 ▸ 暫停圖表）</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>匯出 PNG…</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主機：</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>範圍：</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
    <message>
        <source>No host chosen</source>
        <translation>未選擇主機</translation>
    </message>
    <message>
        <source>simulated · </source>
        <translation>模擬 · </translation>
    </message>
    <message>
        <source> — %1</source>
        <translation> — %1</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>繼續</translation>
    </message>
    <message>
        <source>cannot write %1: check the folder exists and is writable</source>
        <translation>無法寫入 %1：請確認資料夾存在且可寫入</translation>
    </message>
    <message>
        <source>Export charts as PNG</source>
        <translation>將圖表匯出為 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 圖片 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
</context>
<context>
    <name>fleetdeck::IncidentTableModel</name>
    <message>
        <source>Thermal throttle</source>
        <translation>過熱降頻</translation>
    </message>
    <message>
        <source>Power cap</source>
        <translation>功率上限</translation>
    </message>
    <message>
        <source>HW slowdown</source>
        <translation>硬體降速</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU 健康</translation>
    </message>
    <message>
        <source>PCIe downgrade</source>
        <translation>PCIe 降級</translation>
    </message>
    <message>
        <source>Fan</source>
        <translation>風扇</translation>
    </message>
    <message>
        <source>Host offline</source>
        <translation>主機離線</translation>
    </message>
    <message>
        <source>Network latency</source>
        <translation>網路延遲</translation>
    </message>
    <message>
        <source>Push</source>
        <translation>推送</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>回復</translation>
    </message>
    <message>
        <source>Commissioning</source>
        <translation>驗收</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>info</source>
        <translation>資訊</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>嚴重</translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation>已持續 %1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持續時間</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>發生了什麼</translation>
    </message>
    <message>
        <source>MMM d HH:mm:ss</source>
        <translation>M月d日 HH:mm:ss</translation>
    </message>
    <message>
        <source>Held idle</source>
        <translation>佔用閒置</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶頸</translation>
    </message>
    <message>
        <source>Power and air</source>
        <translation>電力與氣流</translation>
    </message>
</context>
<context>
    <name>fleetdeck::IncidentTimeline</name>
    <message>
        <source>Incident timeline</source>
        <translation>事件時間軸</translation>
    </message>
    <message>
        <source>No incidents in this time range</source>
        <translation>此時間範圍內沒有事件</translation>
    </message>
    <message>
        <source>ddd HH:mm</source>
        <translation>ddd HH:mm</translation>
    </message>
    <message>
        <source>MMM d</source>
        <translation>M月d日</translation>
    </message>
</context>
<context>
    <name>fleetdeck::InventoryDialog</name>
    <message>
        <source>Fleet inventory</source>
        <translation>機群清單</translation>
    </message>
    <message>
        <source>Hosts FleetDeck connects to over SSH. Saved in %1</source>
        <translation>FleetDeck 透過 SSH 連線的主機。儲存於 %1</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>新增(&amp;A)…</translation>
    </message>
    <message>
        <source>Add rac&amp;k…</source>
        <translation>新增機架(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>編輯(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Import ~/.ssh/&amp;config</source>
        <translation>匯入 ~/.ssh/config(&amp;C)</translation>
    </message>
    <message>
        <source>Import a&amp;n inventory file…</source>
        <translation>匯入清單檔案(&amp;N)…</translation>
    </message>
    <message>
        <source>Inventory: Ansible (INI or YAML), ssh config or FleetDeck</source>
        <translation>清單：Ansible（INI 或 YAML）、ssh config 或 FleetDeck</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s). Hosts you remove stay connected until FleetDeck restarts.</source>
        <translation>
            <numerusform>%n 台主機。移除的主機在 FleetDeck 重新啟動前仍保持連線。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n host(s); press Save to keep them.</source>
        <translation>
            <numerusform>已新增 %n 台主機；按「儲存」以保留。</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>移除主機</translation>
    </message>
    <message>
        <source>Remove %1 from the inventory?</source>
        <translation>要從清單中移除 %1 嗎？</translation>
    </message>
    <message>
        <source>Imported %1 of %2 hosts from %3 (%4; names already in the inventory were kept).</source>
        <translation>已從 %3 匯入 %2 台主機中的 %1 台（%4；清單中已有的名稱保持不變）。</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>已略過：%1</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LatencyHeatmap</name>
    <message>
        <source>Latency map</source>
        <translation>延遲地圖</translation>
    </message>
    <message>
        <source>Round trips from each source row to each target column. Arrow keys move between cells; Enter shows the link&apos;s history.</source>
        <translation>從每個來源列到每個目標欄的往返時間。方向鍵可在格子間移動；Enter 顯示該連結的歷史。</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>the host itself</source>
        <translation>主機本身</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>已量測</translation>
    </message>
    <message>
        <source>slow</source>
        <translation>緩慢</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>掉包</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>not measurable</source>
        <translation>無法量測</translation>
    </message>
    <message>
        <source>no rack</source>
        <translation>無機架</translation>
    </message>
    <message>
        <source>p50 round trip, source row → target column (TCP connect; log scale)</source>
        <translation>p50 往返時間，來源列 → 目標欄（TCP 連線；對數刻度）</translation>
    </message>
    <message>
        <source>slow (p50 &gt; 3× median of its kind)</source>
        <translation>緩慢（p50 &gt; 同類中位數的 3 倍）</translation>
    </message>
    <message>
        <source>not measurable (simulated ↔ real)</source>
        <translation>無法量測（模擬 ↔ 實體）</translation>
    </message>
    <message>
        <source>No mesh round yet: the first one starts once hosts are connected.</source>
        <translation>尚未量測網狀延遲：主機連線後會開始第一輪。</translation>
    </message>
    <message>
        <source>measured in an earlier round</source>
        <translation>於較早一輪量測</translation>
    </message>
    <message>
        <source>faded: from an earlier round</source>
        <translation>淡色：來自較早一輪</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LatencyPage</name>
    <message>
        <source>Latency</source>
        <translation>延遲</translation>
    </message>
    <message>
        <source>Is there a latency target per request? Without one the plan tunes for throughput.</source>
        <translation>每個請求是否有延遲目標？若沒有，計畫會針對吞吐量調校。</translation>
    </message>
    <message>
        <source>Requests must meet a &amp;p99 latency target</source>
        <translation>請求必須達到 p99 延遲目標(&amp;P)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>p99 &amp;target:</source>
        <translation>p99 目標(&amp;T)：</translation>
    </message>
    <message>
        <source>Latency-bound serving turns off transparent huge pages, keeps writeback small and, on dedicated hosts, enables socket busy polling.</source>
        <translation>重視延遲的服務會關閉透明大頁（THP）、保持較小的回寫量，並在專用主機上啟用 socket busy polling。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LatencyView</name>
    <message>
        <source>Latency map: round trips between hosts, measured by their agents</source>
        <translation>延遲地圖：主機之間的往返時間，由各主機的 agent 量測</translation>
    </message>
    <message>
        <source>No mesh round yet</source>
        <translation>尚未量測網狀延遲</translation>
    </message>
    <message>
        <source>%v of %m hosts</source>
        <translation>%v／%m 台主機</translation>
    </message>
    <message>
        <source>&amp;Measure now</source>
        <translation>立即量測(&amp;M)</translation>
    </message>
    <message>
        <source>Ask every agent to probe its peers now (F5)</source>
        <translation>要求每個 agent 立即探測其他主機（F5）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>every </source>
        <translation>每 </translation>
    </message>
    <message>
        <source>How often a mesh round runs</source>
        <translation>網狀量測多久執行一輪</translation>
    </message>
    <message>
        <source>Mesh &amp;address…</source>
        <translation>網狀量測位址(&amp;A)…</translation>
    </message>
    <message>
        <source>Pick which of a host&apos;s interface addresses its peers probe (the private network)</source>
        <translation>選擇其他主機要探測此主機的哪個介面位址（私有網路）</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>匯出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export latency matrix</source>
        <translation>匯出延遲矩陣</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返時間</translation>
    </message>
    <message>
        <source>Mesh address</source>
        <translation>網狀量測位址</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>檢查結果</translation>
    </message>
    <message>
        <source>App → host round trip (ping over its transport)</source>
        <translation>應用程式 → 主機的往返時間（經由其連線傳輸 ping）</translation>
    </message>
    <message>
        <source>Click to show this link&apos;s history</source>
        <translation>按一下以顯示此連結的歷史</translation>
    </message>
    <message>
        <source>No slow or lossy links.</source>
        <translation>沒有緩慢或掉包的連結。</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>Measuring: %1 of %2 hosts answered</source>
        <translation>量測中：%2 台主機中有 %1 台已回應</translation>
    </message>
    <message>
        <source>Round %1, %2; a round every %3 s</source>
        <translation>第 %1 輪，%2；每 %3 秒一輪</translation>
    </message>
    <message>
        <source>No mesh round yet; the first starts once hosts are connected</source>
        <translation>尚未量測網狀延遲；主機連線後會開始第一輪</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Pick a folder you can write to.</source>
        <translation>無法寫入 %1：%2。請選擇可寫入的資料夾。</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>預設：%1</translation>
    </message>
    <message>
        <source>Peers probe this address of the host (its SSH port). Pick the private
network the training traffic uses; the list comes from the host&apos;s facts.</source>
        <translation>其他主機會探測此主機的這個位址（其 SSH 連接埠）。請選擇訓練流量
使用的私有網路；清單來自主機的硬體資訊。</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>位址</translation>
    </message>
    <message>
        <source>Mesh address not saved</source>
        <translation>網狀量測位址未儲存</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延遲</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LinkErrorsPanel</name>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>What it means and what to do</source>
        <translation>代表什麼、該怎麼做</translation>
    </message>
    <message numerus="yes">
        <source>No link errors: no InfiniBand port or NIC of the %n host(s) counted errors while FleetDeck watched (counters that stay still for an hour are clean again).</source>
        <translation>
            <numerusform>沒有連結錯誤：在 FleetDeck 監看期間，%n 台主機的 InfiniBand 連接埠與網路卡都沒有累積錯誤（計數一小時不再增加即視為恢復正常）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) counted errors while FleetDeck watched, on %1 of %2 host(s): a healthy link counts none. Critical: the link went down or dropped packets.</source>
        <translation>
            <numerusform>在 FleetDeck 監看期間，%2 台主機中有 %1 台的 %n 條連結累積了錯誤：健康的連結一個錯誤也不會有。嚴重：連結曾中斷或丟棄了封包。</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
</context>
<context>
    <name>fleetdeck::LinkHistoryChart</name>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>loss %</source>
        <translation>掉包 %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Click a cell for that link&apos;s history</source>
        <translation>按一下格子以查看該連結的歷史</translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>歷史：%1</translation>
    </message>
    <message>
        <source>Click a cell of the map, or move to one with the arrow keys and press Enter</source>
        <translation>按一下地圖中的格子，或用方向鍵移到格子上再按 Enter</translation>
    </message>
    <message>
        <source>No rounds kept for this link yet</source>
        <translation>此連結尚無保存的量測</translation>
    </message>
</context>
<context>
    <name>fleetdeck::MainWindow</name>
    <message>
        <source>FleetDeck</source>
        <translation>FleetDeck</translation>
    </message>
    <message>
        <source>Live: a sample per host every second; views refresh 4 times a second</source>
        <translation>即時：每台主機每秒一個樣本；畫面每秒更新 4 次</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export view as PNG…</source>
        <translation>將畫面匯出為 PNG(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export view as PNG</source>
        <translation>將畫面匯出為 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 圖片 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <source>Cannot write %1: check the folder exists and is writable.</source>
        <translation>無法寫入 %1：請確認資料夾存在且可寫入。</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>匯出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Prometheus…</source>
        <translation>&amp;Prometheus…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+X</source>
        <translation>Ctrl+Shift+X</translation>
    </message>
    <message>
        <source>Write scrape targets from the inventory and alerting rules for a Prometheus server</source>
        <translation>依清單寫出 Prometheus 伺服器的抓取目標與警示規則</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Pause charts</source>
        <translation>暫停圖表(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Stop or resume updating the host page&apos;s charts</source>
        <translation>停止或繼續更新主機頁面的圖表</translation>
    </message>
    <message>
        <source>Reset chart &amp;zoom</source>
        <translation>重設圖表縮放(&amp;Z)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>E&amp;xport charts as PNG…</source>
        <translation>將圖表匯出為 PNG(&amp;X)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Find host…</source>
        <translation>尋找主機(&amp;F)…</translation>
    </message>
    <message>
        <source>The fleet overview&apos;s filter, ready for a part of a host&apos;s name</source>
        <translation>機群總覽的篩選欄，可輸入主機名稱的一部分</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全螢幕(&amp;U)</translation>
    </message>
    <message>
        <source>F&amp;leet</source>
        <translation>機群(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Inventory…</source>
        <translation>主機清單(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Commission a rack…</source>
        <translation>機架驗收(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>Check a new rack against a spec, burn it in and write the acceptance report</source>
        <translation>依規格檢查新機架、進行燒機並寫出驗收報告</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Audit log…</source>
        <translation>稽核日誌(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Tuning wizard…</source>
        <translation>調校精靈(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>FleetDeck &amp;documentation</source>
        <translation>FleetDeck 說明文件(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;About FleetDeck</source>
        <translation>關於 FleetDeck(&amp;A)</translation>
    </message>
    <message>
        <source>About FleetDeck</source>
        <translation>關於 FleetDeck</translation>
    </message>
    <message>
        <source>FleetDeck %1
Live telemetry, tuning and audit for GPU servers.</source>
        <translation>FleetDeck %1
GPU 伺服器的即時遙測、調校與稽核。</translation>
    </message>
    <message>
        <source>unknown host &apos;%1&apos; in --view %2 (hosts: %3)</source>
        <translation>--view %2 中有未知的主機 &apos;%1&apos;（主機：%3）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>unknown view &apos;%1&apos; (available: %2)</source>
        <translation>未知的檢視 &apos;%1&apos;（可用：%2）</translation>
    </message>
    <message>
        <source>Tuning wizard</source>
        <translation>調校精靈</translation>
    </message>
    <message>
        <source>The built-in tuning rules did not load, so no plan can be made:
%1</source>
        <translation>內建的調校規則無法載入，因此無法產生計畫：
%1</translation>
    </message>
    <message>
        <source>Commission a rack</source>
        <translation>機架驗收</translation>
    </message>
    <message>
        <source>The inventory does not read, so no rack can be chosen:
%1
Fix the file or pick hosts by typing them.</source>
        <translation>無法讀取主機清單，因此無法選擇機架：
%1
請修正檔案，或直接輸入主機。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ModelSizePage</name>
    <message>
        <source>Model size</source>
        <translation>模型大小</translation>
    </message>
    <message>
        <source>Where does the model fit? Large models need host RAM for staging and checkpoints.</source>
        <translation>模型放得進哪裡？大型模型需要主機記憶體來暫存資料與檢查點。</translation>
    </message>
    <message>
        <source>Fits on &amp;one GPU</source>
        <translation>放得進單張 GPU(&amp;O)</translation>
    </message>
    <message>
        <source>Weights and activations fit in a single GPU&apos;s memory.</source>
        <translation>權重與啟用值放得進單張 GPU 的記憶體。</translation>
    </message>
    <message>
        <source>Fits in one &amp;server</source>
        <translation>放得進一台伺服器(&amp;S)</translation>
    </message>
    <message>
        <source>Split across the GPUs of one server.</source>
        <translation>分散在同一台伺服器的多張 GPU 上。</translation>
    </message>
    <message>
        <source>&amp;Sharded across servers</source>
        <translation>分片到多台伺服器(&amp;S)</translation>
    </message>
    <message>
        <source>Tensor, pipeline or fully sharded data parallelism across servers.</source>
        <translation>跨伺服器的張量、管線或完全分片資料平行。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::OverviewView</name>
    <message>
        <source>Open %1</source>
        <translation>開啟 %1</translation>
    </message>
    <message>
        <source>Connect again</source>
        <translation>重新連線</translation>
    </message>
    <message>
        <source>Connect %1 now, asking again about its host key or login if needed</source>
        <translation>立即連線 %1，必要時再次詢問主機金鑰或登入資訊</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 為 %2</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>顯示：</translation>
    </message>
    <message>
        <source>all hosts</source>
        <translation>所有主機</translation>
    </message>
    <message>
        <source>group</source>
        <translation>群組</translation>
    </message>
    <message>
        <source>rack</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>tag</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Filter the hosts by group, rack or tag, or by a name containing a text</source>
        <translation>依群組、機架或標籤篩選主機，或依名稱中包含的文字篩選</translation>
    </message>
    <message>
        <source>name contains…</source>
        <translation>名稱包含…</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>欄位</translation>
    </message>
    <message>
        <source>Choose the columns to show (also: right-click the table header)</source>
        <translation>選擇要顯示的欄位（也可在表頭按右鍵）</translation>
    </message>
    <message>
        <source> · %1 critical</source>
        <translation> · %1 台嚴重</translation>
    </message>
    <message>
        <source> · %1 warning</source>
        <translation> · %1 台警告</translation>
    </message>
    <message>
        <source>Fleet — 1 host, %1 connected</source>
        <translation>機群 — 1 台主機，%1 台已連線</translation>
    </message>
    <message>
        <source>Fleet — %1 hosts, %2 connected</source>
        <translation>機群 — %1 台主機，%2 台已連線</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PlanSummaryPage</name>
    <message>
        <source>Plan</source>
        <translation>計畫</translation>
    </message>
    <message>
        <source>What would be set on each host and why, and what the hardware itself needs. Nothing has changed yet.</source>
        <translation>每台主機會設定什麼、為什麼，以及硬體本身需要什麼。目前尚未做任何變更。</translation>
    </message>
    <message>
        <source>%1 — %2 settings (%3 not supported on this host). Answers: %4</source>
        <translation>%1 — %2 項設定（%3 項此主機不支援）。回答：%4</translation>
    </message>
    <message>
        <source>Hardware findings: none — no facts from this host yet</source>
        <translation>硬體檢查結果：無 — 尚未取得此主機的硬體資訊</translation>
    </message>
    <message>
        <source>Hardware findings (%1): cannot be pushed, need hands or a purchase</source>
        <translation>硬體檢查結果（%1）：無法透過推送解決，需要現場處理或採購</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PlatformPanel</name>
    <message>
        <source>Platform</source>
        <translation>平台</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>偏好設定</translation>
    </message>
    <message>
        <source>General</source>
        <translation>一般</translation>
    </message>
    <message>
        <source>History</source>
        <translation>歷史</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>警示</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分鐘</translation>
    </message>
    <message>
        <source>Check pushed settings every</source>
        <translation>檢查推送設定的間隔</translation>
    </message>
    <message>
        <source>Each connected host FleetDeck pushed settings to is checked when it connects and then at this interval: its current values are read and compared with the last push recorded in the audit log. The check runs in the background; a short interval costs the hosts a little more work, never the desktop.</source>
        <translation>FleetDeck 推送過設定的每台已連線主機，會在連線時及之後依此間隔檢查：讀取其目前的值，並與稽核日誌中最後一次推送比較。檢查在背景執行；間隔較短只會讓主機多做一點工作，不會拖慢桌面。</translation>
    </message>
    <message numerus="yes">
        <source>%n times a second</source>
        <translation>
            <numerusform>每秒 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n s</source>
        <translation>
            <numerusform>每 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>How often the views repaint; samples still arrive every second. Slower costs less CPU with a large fleet.</source>
        <translation>畫面重繪的頻率；樣本仍然每秒送達。機群很大時，較慢的頻率可節省 CPU。</translation>
    </message>
    <message>
        <source> °C</source>
        <translation> °C</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>系統語言</translation>
    </message>
    <message>
        <source>As the desktop</source>
        <translation>跟隨桌面</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>淺色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Refresh the views</source>
        <translation>畫面更新頻率</translation>
    </message>
    <message>
        <source>Target temperature band</source>
        <translation>目標溫度區間</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主題</translation>
    </message>
    <message>
        <source>GPUs under load belong in the target band (60–80 °C by default): below it they are cool, above it hot. The tiles, racks, tables and charts colour by it. A language other than the system&apos;s takes effect at the next start.</source>
        <translation>負載下的 GPU 應在目標區間內（預設 60–80 °C）：低於它為低溫，高於它為高溫。方塊、機架、表格與圖表都依此著色。選擇與系統不同的語言，會在下次啟動時生效。</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小時</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Keep every sample for</source>
        <translation>每個樣本保留</translation>
    </message>
    <message>
        <source>Keep 10-second points for</source>
        <translation>10 秒資料點保留</translation>
    </message>
    <message>
        <source>Keep 1-minute points for</source>
        <translation>1 分鐘資料點保留</translation>
    </message>
    <message>
        <source>Downsampled points keep each reading&apos;s mean, minimum and maximum, so a short spike stays visible in a month-long chart. Longer keeping costs disk space: the default keeps about 200 hosts with 8 GPUs in well under 1 GiB.</source>
        <translation>降取樣的資料點保留每個讀數的平均、最小與最大值，因此短暫的尖峰在一個月的圖表中仍看得到。保留越久越佔磁碟空間：預設值下約 200 台、每台 8 張 GPU 的主機遠少於 1 GiB。</translation>
    </message>
    <message>
        <source>Show a desktop notification when an incident begins</source>
        <translation>事件開始時顯示桌面通知</translation>
    </message>
    <message>
        <source>Critical incidents only</source>
        <translation>僅嚴重事件</translation>
    </message>
    <message>
        <source>Warnings and critical incidents</source>
        <translation>警告與嚴重事件</translation>
    </message>
    <message>
        <source>Everything, pushes included</source>
        <translation>全部，包括推送</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A throttle episode notifies only once it has lasted this long, so a one-second blip pages nobody</source>
        <translation>降頻持續這麼久後才通知，一秒鐘的短暫波動不會驚動任何人</translation>
    </message>
    <message>
        <source> a minute</source>
        <translation> 則／分鐘</translation>
    </message>
    <message>
        <source>More than this are gathered into one notification</source>
        <translation>超過此數量時合併為一則通知</translation>
    </message>
    <message>
        <source>Notify for</source>
        <translation>通知對象</translation>
    </message>
    <message>
        <source>Throttling, only after</source>
        <translation>降頻，僅在持續</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>最多</translation>
    </message>
    <message>
        <source>Kinds that notify</source>
        <translation>要通知的種類</translation>
    </message>
    <message>
        <source>Muted hosts (never notify)</source>
        <translation>靜音的主機（永不通知）</translation>
    </message>
    <message>
        <source>No login</source>
        <translation>不登入</translation>
    </message>
    <message>
        <source>User name and password</source>
        <translation>使用者名稱與密碼</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer 權杖</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>伺服器位址</translation>
    </message>
    <message>
        <source>Login</source>
        <translation>登入</translation>
    </message>
    <message>
        <source>User name</source>
        <translation>使用者名稱</translation>
    </message>
    <message>
        <source>Password or token</source>
        <translation>密碼或權杖</translation>
    </message>
    <message>
        <source>A Prometheus server that scrapes the agents (fleetdeck-agent --metrics-listen; File → Export → Prometheus… writes its targets and rules) holds history from before FleetDeck recorded it. The host page reads ranges its own record does not reach from there, by the host label.</source>
        <translation>抓取各 agent 的 Prometheus 伺服器（fleetdeck-agent --metrics-listen；檔案 → 匯出 → Prometheus… 會寫出其目標與規則）保有 FleetDeck 開始記錄之前的歷史。主機頁面會依 host 標籤，從那裡讀取自身紀錄涵蓋不到的時間範圍。</translation>
    </message>
    <message>
        <source>The target band&apos;s lower bound must be below its upper bound.</source>
        <translation>目標區間的下限必須低於上限。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PushDialog</name>
    <message>
        <source>Push settings</source>
        <translation>推送設定</translation>
    </message>
    <message>
        <source>Cancel remaining hosts</source>
        <translation>取消其餘主機</translation>
    </message>
    <message>
        <source>Roll back this push</source>
        <translation>回復此次推送</translation>
    </message>
    <message>
        <source>Hosts not started are skipped; a host already applying finishes or rolls back, never half</source>
        <translation>尚未開始的主機會被略過；正在套用的主機會完成或回復，絕不會只做一半</translation>
    </message>
    <message>
        <source>Restore every verified host to what it had before this push</source>
        <translation>將每台已驗證的主機還原到此次推送之前的狀態</translation>
    </message>
    <message>
        <source>Rolling back %1</source>
        <translation>正在回復 %1</translation>
    </message>
    <message>
        <source>Dry run of profile “%1”</source>
        <translation>設定檔「%1」的試跑</translation>
    </message>
    <message>
        <source>Pushing profile “%1” (%2)</source>
        <translation>正在推送設定檔「%1」（%2）</translation>
    </message>
    <message>
        <source>runtime and persistent files</source>
        <translation>執行期與持久檔案</translation>
    </message>
    <message>
        <source>runtime only</source>
        <translation>僅執行期</translation>
    </message>
    <message>
        <source>1 host</source>
        <translation>1 台主機</translation>
    </message>
    <message>
        <source>%1 hosts</source>
        <translation>%1 台主機</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 — push %3&lt;br&gt;Each host applies as one transaction: every setting is read back, and any failure restores what was there before.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 於 %2 — 推送 %3&lt;br&gt;每台主機以單一交易套用：每項設定都會讀回確認，任何失敗都會還原成先前的狀態。</translation>
    </message>
    <message>
        <source>Running: 0 of %1 hosts done</source>
        <translation>執行中：%1 台主機中已完成 0 台</translation>
    </message>
    <message>
        <source>Running: %1 of %2 hosts done</source>
        <translation>執行中：%2 台主機中已完成 %1 台</translation>
    </message>
    <message>
        <source>Cancelling: hosts not started are skipped, running transactions finish</source>
        <translation>正在取消：略過尚未開始的主機，進行中的交易會完成</translation>
    </message>
    <message>
        <source>Done: %1 — %2</source>
        <translation>完成：%1 — %2</translation>
    </message>
    <message>
        <source>Done: %1 — every step is in the audit log</source>
        <translation>完成：%1 — 每個步驟都已記入稽核日誌</translation>
    </message>
</context>
<context>
    <name>fleetdeck::PushLauncher</name>
    <message>
        <source>Push</source>
        <translation>推送</translation>
    </message>
    <message>
        <source>None of these hosts is in the fleet any more: nothing to push.</source>
        <translation>這些主機都已不在機群中：沒有可推送的對象。</translation>
    </message>
    <message>
        <source>Nothing was pushed: %1</source>
        <translation>沒有推送任何內容：%1</translation>
    </message>
    <message>
        <source>wizard plan</source>
        <translation>精靈計畫</translation>
    </message>
    <message>
        <source>Roll back a push</source>
        <translation>回復推送</translation>
    </message>
    <message>
        <source>No push from this desktop changed a host yet.</source>
        <translation>此桌面尚未有任何推送變更過主機。</translation>
    </message>
    <message>
        <source>Restore what this push changed, on every host it verified:</source>
        <translation>在此次推送驗證過的每台主機上，還原它所做的變更：</translation>
    </message>
    <message>
        <source>&amp;Roll back a push…</source>
        <translation>回復推送(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Restore the hosts of a past push to what they had before it</source>
        <translation>將過去某次推送的主機還原到推送之前的狀態</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackAddDialog</name>
    <message>
        <source>Add a rack of hosts</source>
        <translation>新增一整個機架的主機</translation>
    </message>
    <message>
        <source>e.g. gpu-[01-16].dc2.example.net</source>
        <translation>例如 gpu-[01-16].dc2.example.net</translation>
    </message>
    <message>
        <source>Host names with numeric ranges in brackets: [01-16] keeps the zero padding, [1-16] has none; several ranges make every combination. Each name is also the host&apos;s address.</source>
        <translation>主機名稱中以方括號表示數字範圍：[01-16] 保留補零，[1-16] 不補零；多個範圍會產生所有組合。每個名稱同時也是主機的位址。</translation>
    </message>
    <message>
        <source>ssh default</source>
        <translation>ssh 預設</translation>
    </message>
    <message>
        <source>none: direct; or [user@]host[:port]</source>
        <translation>無：直接連線；或 [user@]host[:port]</translation>
    </message>
    <message>
        <source>The host to reach these hosts through (OpenSSH&apos;s ProxyJump); several hops joined by commas.</source>
        <translation>經由哪台主機連到這些主機（OpenSSH 的 ProxyJump）；多個跳板以逗號連接。</translation>
    </message>
    <message>
        <source>comma separated, e.g. h100, infiniband</source>
        <translation>以逗號分隔，例如 h100, infiniband</translation>
    </message>
    <message>
        <source>Host &amp;names:</source>
        <translation>主機名稱(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>使用者(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>連接埠(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Jump host:</source>
        <translation>跳板主機(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>群組(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>標籤(&amp;T)：</translation>
    </message>
    <message>
        <source>Place in a &amp;rack</source>
        <translation>放入機架(&amp;R)</translation>
    </message>
    <message>
        <source>e.g. b2</source>
        <translation>例如 b2</translation>
    </message>
    <message>
        <source>U</source>
        <translation>U</translation>
    </message>
    <message>
        <source>The lowest unit the first host takes</source>
        <translation>第一台主機所佔的最低單元</translation>
    </message>
    <message>
        <source> U</source>
        <translation> U</translation>
    </message>
    <message>
        <source>How many units each host takes</source>
        <translation>每台主機佔用幾個單元</translation>
    </message>
    <message>
        <source>top down</source>
        <translation>由上而下</translation>
    </message>
    <message>
        <source>bottom up</source>
        <translation>由下而上</translation>
    </message>
    <message>
        <source>Rac&amp;k:</source>
        <translation>機架(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;First unit:</source>
        <translation>起始單元(&amp;F)：</translation>
    </message>
    <message>
        <source>Unit &amp;height:</source>
        <translation>單元高度(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Direction:</source>
        <translation>方向(&amp;D)：</translation>
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
        <source>User</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>連接埠</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>單元</translation>
    </message>
    <message>
        <source>&amp;Add hosts</source>
        <translation>新增主機(&amp;A)</translation>
    </message>
    <message>
        <source>Name the rack (e.g. b2), or untick “Place in a rack”.</source>
        <translation>請為機架命名（例如 b2），或取消勾選「放入機架」。</translation>
    </message>
    <message>
        <source>Type the host names to see the hosts they make.</source>
        <translation>輸入主機名稱，即可看到產生的主機。</translation>
    </message>
    <message>
        <source>No hosts: fix the problem below.</source>
        <translation>沒有主機：請修正下方的問題。</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) will be added; nothing is saved until you save the inventory.</source>
        <translation>
            <numerusform>將新增 %n 台主機；在儲存主機清單之前不會儲存任何內容。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s), not added while anything below clashes.</source>
        <translation>
            <numerusform>%n 台主機，下方仍有衝突時不會新增。</numerusform>
        </translation>
    </message>
    <message>
        <source>⚠ Cannot add: %1</source>
        <translation>⚠ 無法新增：%1</translation>
    </message>
    <message>
        <source>⚠ Cannot add, %1 clashes:</source>
        <translation>⚠ 無法新增，%1 有衝突：</translation>
    </message>
    <message>
        <source>⚠ %1 (clash)</source>
        <translation>⚠ %1（衝突）</translation>
    </message>
    <message>
        <source>This host clashes; the list under the table says with what.</source>
        <translation>此主機有衝突；表格下方的清單說明與什麼衝突。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackDrawing</name>
    <message>
        <source>Racks</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>Hosts at their units, rack by rack. Arrow keys move between hosts; Enter opens the host.</source>
        <translation>各主機位於其機架單元，逐一機架排列。方向鍵可在主機間移動；Enter 開啟該主機。</translation>
    </message>
    <message>
        <source> (sim)</source>
        <translation>（模擬）</translation>
    </message>
    <message>
        <source>%1 °C %2</source>
        <translation>%1 °C %2</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>Not in a rack</source>
        <translation>不在機架中</translation>
    </message>
    <message>
        <source>%1, not in a rack</source>
        <translation>%1，不在機架中</translation>
    </message>
    <message>
        <source>%1, %2 U%3</source>
        <translation>%1，%2 U%3</translation>
    </message>
    <message>
        <source>hottest %1 °C (%2), %3</source>
        <translation>最高 %1 °C（%2），%3</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>；%1</translation>
    </message>
    <message>
        <source>; simulated</source>
        <translation>；模擬</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 now</source>
        <translation>目前 %1</translation>
    </message>
    <message>
        <source>no power reading</source>
        <translation>沒有功率讀數</translation>
    </message>
    <message>
        <source>, %1 at the peak</source>
        <translation>，尖峰 %1</translation>
    </message>
    <message>
        <source>%1 in</source>
        <translation>進氣 %1</translation>
    </message>
    <message>
        <source>no inlet reading</source>
        <translation>沒有進氣讀數</translation>
    </message>
    <message>
        <source> · +%1</source>
        <translation> · +%1</translation>
    </message>
    <message>
        <source> (est.)</source>
        <translation>（估計）</translation>
    </message>
    <message>
        <source>; inlet air %1</source>
        <translation>；進氣 %1</translation>
    </message>
    <message>
        <source>; drawing %1</source>
        <translation>；耗電 %1</translation>
    </message>
    <message>
        <source>headroom %1 (feed %2 with %3 lost)</source>
        <translation>餘裕 %1（%3 斷電時的線路 %2）</translation>
    </message>
    <message>
        <source>headroom %1 (feed %2 at its peak)</source>
        <translation>餘裕 %1（線路 %2 尖峰時）</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackHostsPage</name>
    <message>
        <source>The rack&apos;s hosts</source>
        <translation>機架的主機</translation>
    </message>
    <message>
        <source>Choose a rack from the inventory, or type the hosts: inventory names, user@host, or simulated hosts such as sim:hgx-h100-8+pcie-x8:4.</source>
        <translation>從主機清單選擇機架，或直接輸入主機：清單中的名稱、user@host，或模擬主機如 sim:hgx-h100-8+pcie-x8:4。</translation>
    </message>
    <message>
        <source>Unfinished commissioning</source>
        <translation>未完成的驗收</translation>
    </message>
    <message>
        <source>From the &amp;inventory:</source>
        <translation>從主機清單(&amp;I)：</translation>
    </message>
    <message>
        <source>gpu-b2-01 gpu-b2-02 … or sim:hgx-h100-8:1 sim:hgx-h100-8+pcie-x8:2 …</source>
        <translation>gpu-b2-01 gpu-b2-02 … 或 sim:hgx-h100-8:1 sim:hgx-h100-8+pcie-x8:2 …</translation>
    </message>
    <message>
        <source>&amp;Hosts:</source>
        <translation>主機(&amp;H)：</translation>
    </message>
    <message>
        <source>the rack&apos;s name, for typed hosts and the saved progress (b2)</source>
        <translation>機架名稱，用於手動輸入的主機與儲存的進度（b2）</translation>
    </message>
    <message>
        <source>&amp;Rack name:</source>
        <translation>機架名稱(&amp;R)：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Reached as</source>
        <translation>連線方式</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>單元</translation>
    </message>
    <message>
        <source>(choose a rack, group or tag)</source>
        <translation>（選擇機架、群組或標籤）</translation>
    </message>
    <message>
        <source>rack %1 (%2)</source>
        <translation>機架 %1（%2）</translation>
    </message>
    <message>
        <source>group %1 (%2)</source>
        <translation>群組 %1（%2）</translation>
    </message>
    <message>
        <source>tag %1 (%2)</source>
        <translation>標籤 %1（%2）</translation>
    </message>
    <message>
        <source>(the inventory has no racks, groups or tags)</source>
        <translation>（主機清單中沒有機架、群組或標籤）</translation>
    </message>
    <message>
        <source>Start a new one</source>
        <translation>開始新的驗收</translation>
    </message>
    <message>
        <source>%1 is listed twice; list each host once</source>
        <translation>%1 列了兩次；每台主機只能列一次</translation>
    </message>
    <message>
        <source>No hosts yet.</source>
        <translation>尚無主機。</translation>
    </message>
    <message>
        <source>%1 to commission.</source>
        <translation>要驗收 %1。</translation>
    </message>
    <message>
        <source>1 host</source>
        <translation>1 台主機</translation>
    </message>
    <message>
        <source>%1 hosts</source>
        <translation>%1 台主機</translation>
    </message>
    <message>
        <source>simulated (%1)</source>
        <translation>模擬（%1）</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本機</translation>
    </message>
    <message>
        <source>tree at %1</source>
        <translation>位於 %1 的目錄樹</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackLegend</name>
    <message>
        <source>Inlet air:</source>
        <translation>進氣：</translation>
    </message>
    <message>
        <source>below 18 °C</source>
        <translation>低於 18 °C</translation>
    </message>
    <message>
        <source>18–27 °C recommended</source>
        <translation>18–27 °C 建議範圍</translation>
    </message>
    <message>
        <source>27–32 °C</source>
        <translation>27–32 °C</translation>
    </message>
    <message>
        <source>above 32 °C</source>
        <translation>高於 32 °C</translation>
    </message>
    <message>
        <source>no BMC reading</source>
        <translation>沒有 BMC 讀數</translation>
    </message>
    <message>
        <source>Power:</source>
        <translation>功率：</translation>
    </message>
    <message>
        <source>0 to %1, the highest host</source>
        <translation>0 到 %1（最高的主機）</translation>
    </message>
    <message>
        <source>no readings yet</source>
        <translation>尚無讀數</translation>
    </message>
</context>
<context>
    <name>fleetdeck::RackView</name>
    <message>
        <source>Racks — hosts at their units, coloured by their hottest GPU (or CPU without GPUs)</source>
        <translation>機架 — 各主機位於其單元，依最熱的 GPU 著色（沒有 GPU 時依 CPU）</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 溫度</translation>
    </message>
    <message>
        <source>Inlet air</source>
        <translation>進氣</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>Colour the hosts by</source>
        <translation>主機的著色依據</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>著色依據：</translation>
    </message>
    <message>
        <source>Fit power budget…</source>
        <translation>配合功率預算…</translation>
    </message>
    <message>
        <source>GPU power limits that keep a rack within its feeds at full load</source>
        <translation>讓機架在滿載時仍在供電線路範圍內的 GPU 功率上限</translation>
    </message>
    <message>
        <source>Power and air findings</source>
        <translation>電力與氣流發現</translation>
    </message>
    <message>
        <source>Racks — hosts coloured by the air at their inlet, with its rise to the exhaust</source>
        <translation>機架 — 主機依進氣溫度著色，並標示到排氣的溫升</translation>
    </message>
    <message>
        <source>Racks — hosts coloured by their input power, each feed&apos;s load against its budget</source>
        <translation>機架 — 主機依輸入功率著色，並顯示每條線路的負載與預算</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 power or air finding(s), %2 critical</source>
        <translation>%1 項電力或氣流發現，%2 項嚴重</translation>
    </message>
    <message>
        <source>%1 power or air finding(s)</source>
        <translation>%1 項電力或氣流發現</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ReportPage</name>
    <message>
        <source>The report</source>
        <translation>報告</translation>
    </message>
    <message>
        <source>A PDF (or HTML) with the verdict, the rack elevation, each host against the spec, the burn-in charts and the findings; a JSON and a CSV inventory are written next to it. Its SHA-256 goes into the audit log.</source>
        <translation>一份 PDF（或 HTML），包含判定、機架立面圖、每台主機與規格的比對、燒機圖表與檢查結果；旁邊另寫出 JSON 與 CSV 清單。其 SHA-256 會記入稽核日誌。</translation>
    </message>
    <message>
        <source>&amp;Write to:</source>
        <translation>寫入至(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <source>Write &amp;report</source>
        <translation>寫出報告(&amp;R)</translation>
    </message>
    <message>
        <source>Write the report</source>
        <translation>寫出報告</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;HTML (*.html)</source>
        <translation>PDF (*.pdf);;HTML (*.html)</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>報告未寫出：%1</translation>
    </message>
    <message>
        <source>Report written: %1 (with %2.html, %2.json and %2.csv beside it).
SHA-256 %3</source>
        <translation>報告已寫出：%1（旁邊另有 %2.html、%2.json 與 %2.csv）。
SHA-256 %3</translation>
    </message>
    <message>
        <source>, recorded in the audit log as entry %1.</source>
        <translation>，已記入稽核日誌，項目 %1。</translation>
    </message>
    <message>
        <source>. %1: check the audit log&apos;s folder and write the report again.</source>
        <translation>。%1：請檢查稽核日誌的資料夾，再寫一次報告。</translation>
    </message>
    <message>
        <source>The hosts</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>Rack %1</source>
        <translation>機架 %1</translation>
    </message>
    <message>
        <source>%1: PASS, all %2 hosts pass.</source>
        <translation>%1：通過，全部 %2 台主機通過。</translation>
    </message>
    <message>
        <source>%1: FAIL, %2 of %3 hosts pass.</source>
        <translation>%1：未通過，%3 台主機中有 %2 台通過。</translation>
    </message>
    <message>
        <source>Report written to %1.</source>
        <translation>報告已寫至 %1。</translation>
    </message>
    <message>
        <source>There is no result to report yet: run the checks first.</source>
        <translation>尚無可報告的結果：請先執行檢查。</translation>
    </message>
    <message>
        <source>Choose where to write the report first.</source>
        <translation>請先選擇報告要寫到哪裡。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在寫出 %1…</translation>
    </message>
</context>
<context>
    <name>fleetdeck::ScalePage</name>
    <message>
        <source>Scale and interconnect</source>
        <translation>規模與互連</translation>
    </message>
    <message>
        <source>Does one job span several servers, and how are they connected?</source>
        <translation>一個工作是否橫跨多台伺服器？它們之間如何連接？</translation>
    </message>
    <message>
        <source>One job runs across &amp;several servers</source>
        <translation>一個工作在多台伺服器上執行(&amp;S)</translation>
    </message>
    <message>
        <source> servers</source>
        <translation> 台伺服器</translation>
    </message>
    <message>
        <source>&amp;Servers per job:</source>
        <translation>每個工作的伺服器數(&amp;S)：</translation>
    </message>
    <message>
        <source>Interconnect between the servers:</source>
        <translation>伺服器之間的互連：</translation>
    </message>
    <message>
        <source>&amp;Ethernet (TCP)</source>
        <translation>乙太網路（TCP）(&amp;E)</translation>
    </message>
    <message>
        <source>NCCL over sockets; TCP buffer sizes and BBR apply.</source>
        <translation>NCCL 走 socket；適用 TCP 緩衝區大小與 BBR。</translation>
    </message>
    <message>
        <source>&amp;InfiniBand</source>
        <translation>&amp;InfiniBand</translation>
    </message>
    <message>
        <source>RDMA: locked-memory limits matter, TCP tuning does not.</source>
        <translation>RDMA：鎖定記憶體限制很重要，TCP 調校則無關。</translation>
    </message>
    <message>
        <source>&amp;RoCE</source>
        <translation>&amp;RoCE</translation>
    </message>
    <message>
        <source>RDMA over Ethernet: as InfiniBand for the host.</source>
        <translation>乙太網路上的 RDMA：對主機而言與 InfiniBand 相同。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::SensorPanel</name>
    <message>
        <source>Sensors</source>
        <translation>感測器</translation>
    </message>
    <message>
        <source>No readings yet: the host has not sent a sample</source>
        <translation>尚無讀數：這台主機還沒有送來任何樣本</translation>
    </message>
</context>
<context>
    <name>fleetdeck::SoftwarePanel</name>
    <message>
        <source>System software</source>
        <translation>系統軟體</translation>
    </message>
</context>
<context>
    <name>fleetdeck::SpecPage</name>
    <message>
        <source>The spec</source>
        <translation>規格</translation>
    </message>
    <message>
        <source>What every host of the rack must be. Learn it from a golden host or load a spec file, then edit it here: a fact left &quot;not checked&quot; is still compared across the rack (the odd one out).</source>
        <translation>機架中每台主機必須符合的樣子。從黃金樣本主機學習或載入規格檔，再於此編輯：標為「不檢查」的項目仍會在整個機架間比對（找出異類）。</translation>
    </message>
    <message>
        <source>&amp;Learn from a golden host:</source>
        <translation>從黃金樣本主機學習(&amp;L)：</translation>
    </message>
    <message>
        <source>Lea&amp;rn</source>
        <translation>學習(&amp;R)</translation>
    </message>
    <message>
        <source>Load a spec &amp;file:</source>
        <translation>載入規格檔(&amp;F)：</translation>
    </message>
    <message>
        <source>rack-b2-spec.json</source>
        <translation>rack-b2-spec.json</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <source>L&amp;oad</source>
        <translation>載入(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Save spec as…</source>
        <translation>另存規格(&amp;S)…</translation>
    </message>
    <message>
        <source>Load a spec</source>
        <translation>載入規格</translation>
    </message>
    <message>
        <source>Spec files (*.json)</source>
        <translation>規格檔 (*.json)</translation>
    </message>
    <message>
        <source>Save the spec</source>
        <translation>儲存規格</translation>
    </message>
    <message>
        <source>Spec %1.</source>
        <translation>規格 %1。</translation>
    </message>
    <message>
        <source>Spec %1: %2 checked.</source>
        <translation>規格 %1：檢查 %2。</translation>
    </message>
    <message>
        <source>1 fact</source>
        <translation>1 項</translation>
    </message>
    <message>
        <source>%1 facts</source>
        <translation>%1 項</translation>
    </message>
    <message>
        <source>%1 told nothing to learn from: check it is reachable and try again</source>
        <translation>%1 沒有提供可學習的資訊：請確認可連線後再試一次</translation>
    </message>
    <message>
        <source>Cannot learn the spec: %1</source>
        <translation>無法學習規格：%1</translation>
    </message>
    <message>
        <source>learned from %1</source>
        <translation>學自 %1</translation>
    </message>
    <message>
        <source>Reading the facts and a sample of %1…</source>
        <translation>正在讀取 %1 的硬體資訊與樣本…</translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Check the path.</source>
        <translation>無法讀取 %1：%2。請檢查路徑。</translation>
    </message>
    <message>
        <source>the spec file</source>
        <translation>規格檔</translation>
    </message>
    <message>
        <source>no file given</source>
        <translation>未指定檔案</translation>
    </message>
    <message>
        <source>%1: %2. Fix the file and load it again (docs/commission.md, &quot;The spec&quot;).</source>
        <translation>%1：%2。請修正檔案後再載入（docs/commission.md，&quot;The spec&quot;）。</translation>
    </message>
    <message>
        <source>spec file %1</source>
        <translation>規格檔 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Choose another folder.</source>
        <translation>無法寫入 %1：%2。請選擇其他資料夾。</translation>
    </message>
    <message>
        <source>Spec saved to %1.</source>
        <translation>規格已儲存至 %1。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::TargetHostsPage</name>
    <message>
        <source>Target hosts</source>
        <translation>目標主機</translation>
    </message>
    <message>
        <source>Which servers should get this plan? Each one is planned with its own hardware facts.</source>
        <translation>哪些伺服器要套用此計畫？每台都會依其自身的硬體資訊規劃。</translation>
    </message>
    <message>
        <source>Select &amp;matching</source>
        <translation>選取符合的(&amp;M)</translation>
    </message>
    <message>
        <source>Select by &amp;group, rack or tag:</source>
        <translation>依群組、機架或標籤選取(&amp;G)：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
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
        <source>Hardware facts</source>
        <translation>硬體資訊</translation>
    </message>
    <message numerus="yes">
        <source>%n host(s) selected</source>
        <translation>
            <numerusform>已選取 %n 台主機</numerusform>
        </translation>
    </message>
    <message>
        <source>All hosts</source>
        <translation>所有主機</translation>
    </message>
    <message>
        <source>Group: %1</source>
        <translation>群組：%1</translation>
    </message>
    <message>
        <source>Rack: %1</source>
        <translation>機架：%1</translation>
    </message>
    <message>
        <source>Tag: %1</source>
        <translation>標籤：%1</translation>
    </message>
    <message>
        <source>%1  (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
</context>
<context>
    <name>fleetdeck::TenancyPowerPage</name>
    <message>
        <source>Tenancy and power</source>
        <translation>租用與電力</translation>
    </message>
    <message>
        <source>Who else runs on these servers, and is there a power budget per server?</source>
        <translation>這些伺服器上還有誰在執行？每台伺服器有電力預算嗎？</translation>
    </message>
    <message>
        <source>&amp;Dedicated</source>
        <translation>專用(&amp;D)</translation>
    </message>
    <message>
        <source>Only this workload runs here: CPU-burning latency tricks are allowed.</source>
        <translation>只有此工作負載在這裡執行：允許消耗 CPU 的降延遲技巧。</translation>
    </message>
    <message>
        <source>&amp;Shared</source>
        <translation>共用(&amp;S)</translation>
    </message>
    <message>
        <source>Other teams or tenants share the servers: nothing that costs them CPU.</source>
        <translation>其他團隊或租戶共用這些伺服器：不做任何會佔用他們 CPU 的事。</translation>
    </message>
    <message>
        <source>The rack limits &amp;power per server</source>
        <translation>機架限制每台伺服器的功率(&amp;P)</translation>
    </message>
    <message>
        <source> W</source>
        <translation> W</translation>
    </message>
    <message>
        <source>Power &amp;cap per server:</source>
        <translation>每台伺服器的功率上限(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Fit each rack&apos;s power budget (its feeds in the inventory, what its hosts draw)</source>
        <translation>配合每個機架的功率預算(&amp;F)（主機清單中的供電線路、主機實際耗電）</translation>
    </message>
    <message>
        <source>GPU power limits that keep each chosen host&apos;s rack within its feeds at full load, one feed lost included</source>
        <translation>讓每台所選主機的機架在滿載時（包括斷掉一條線路時）仍在供電線路範圍內的 GPU 功率上限</translation>
    </message>
</context>
<context>
    <name>fleetdeck::TuningWizard</name>
    <message>
        <source>Tuning wizard</source>
        <translation>調校精靈</translation>
    </message>
    <message>
        <source>(new answers)</source>
        <translation>(新的回答)</translation>
    </message>
    <message>
        <source>Start from a saved &amp;profile:</source>
        <translation>從已儲存的設定檔開始(&amp;P)：</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>&amp;Commit</source>
        <translation>確認(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>完成(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>slurmd</source>
        <translation>slurmd</translation>
    </message>
    <message>
        <source>kubelet</source>
        <translation>kubelet</translation>
    </message>
    <message>
        <source>a Slurm configuration</source>
        <translation>Slurm 設定檔</translation>
    </message>
    <message>
        <source>Pre-selected: %1 has %2, so jobs here are scheduled across servers.</source>
        <translation>已預先選取：%1 有 %2，因此這裡的工作會跨伺服器排程。</translation>
    </message>
    <message>
        <source>The fleet&apos;s GPUs (compute capability %1 and up) have BF16 and FP8 tensor cores: the plan advises BF16 for training and FP8 where accuracy allows.</source>
        <translation>機群的 GPU（運算能力 %1 以上）具備 BF16 與 FP8 張量核心：計畫建議訓練使用 BF16，在精度允許時使用 FP8。</translation>
    </message>
    <message>
        <source>The fleet&apos;s GPUs (compute capability %1 and up) have BF16 tensor cores; FP8 needs 8.9 (Ada, Hopper).</source>
        <translation>機群的 GPU（運算能力 %1 以上）具備 BF16 張量核心；FP8 需要 8.9（Ada、Hopper）。</translation>
    </message>
    <message>
        <source>Some of the fleet&apos;s GPUs (compute capability %1) have neither BF16 (8.0) nor FP8 (8.9): mixed precision there means FP16 with loss scaling.</source>
        <translation>機群中部分 GPU（運算能力 %1）既沒有 BF16（8.0）也沒有 FP8（8.9）：在這些 GPU 上混合精度代表 FP16 搭配損失縮放（loss scaling）。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::UtilizationView</name>
    <message>
        <source>%1 h</source>
        <translation>%1 小時</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 使用率</translation>
    </message>
    <message>
        <source>The whole fleet, one group or one rack</source>
        <translation>整個機群、單一群組或單一機架</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小時</translation>
    </message>
    <message>
        <source>6 hours</source>
        <translation>6 小時</translation>
    </message>
    <message>
        <source>24 hours</source>
        <translation>24 小時</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 天</translation>
    </message>
    <message>
        <source>How far back the lanes reach</source>
        <translation>時間軸回溯多久</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>顯示：</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>範圍：</translation>
    </message>
    <message>
        <source>GPU-hours per day</source>
        <translation>每日 GPU 時數</translation>
    </message>
    <message>
        <source>Top wasters: GPUs held idle longest</source>
        <translation>最大浪費：被佔用閒置最久的 GPU</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>行程</translation>
    </message>
    <message>
        <source>User</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>Job or container</source>
        <translation>工作或容器</translation>
    </message>
    <message>
        <source>Held idle</source>
        <translation>佔用閒置</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>費用</translation>
    </message>
    <message>
        <source>Top wasters</source>
        <translation>最大浪費</translation>
    </message>
    <message>
        <source>Verdict per GPU over time</source>
        <translation>各 GPU 的判定隨時間變化</translation>
    </message>
    <message>
        <source>hatched grey: no data</source>
        <translation>灰色斜線：無資料</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>機群</translation>
    </message>
    <message>
        <source>Group %1</source>
        <translation>群組 %1</translation>
    </message>
    <message>
        <source>Rack %1</source>
        <translation>機架 %1</translation>
    </message>
    <message>
        <source>No GPU has been judged yet: a verdict needs a few samples.</source>
        <translation>尚未判定任何 GPU：判定需要幾個樣本。</translation>
    </message>
    <message>
        <source>%1 GPUs judged: %2 held idle, %3 capped or bound</source>
        <translation>已判定 %1 張 GPU：%2 張佔用閒置，%3 張受限或受瓶頸</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 時數</translation>
    </message>
    <message>
        <source>idle time cost %1</source>
        <translation>閒置時間費用 %1</translation>
    </message>
    <message>
        <source>No GPU-hours recorded yet.</source>
        <translation>尚未記錄任何 GPU 時數。</translation>
    </message>
    <message>
        <source>In all: %1. A day is UTC; it counts only the time FleetDeck was reading the hosts.</source>
        <translation>合計：%1。一天以 UTC 計；只計入 FleetDeck 讀取主機的時間。</translation>
    </message>
    <message>
        <source>No GPU was held idle in this record: every GPU with a process on it did work.</source>
        <translation>此紀錄中沒有 GPU 被佔用閒置：每張有行程的 GPU 都在工作。</translation>
    </message>
    <message>
        <source>A GPU is held idle when a process holds its memory and its SMs stay below 5 % for 10 minutes or more.</source>
        <translation>當行程佔用 GPU 記憶體，而 SM 活動連續 10 分鐘以上低於 5 % 時，該 GPU 即為佔用閒置。</translation>
    </message>
    <message>
        <source>Cost: the inventory gives no price per GPU-hour for these hosts.</source>
        <translation>費用：主機清單沒有提供這些主機每 GPU 小時的價格。</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>Recorded while FleetDeck ran, since %1 (this window): the hours it was closed are not counted.</source>
        <translation>FleetDeck 執行期間的紀錄，自 %1 起（本視窗）：關閉期間的時數不計入。</translation>
    </message>
    <message>
        <source>Prometheus keeps no verdicts to fill them.</source>
        <translation>Prometheus 也沒有保存可補上的判定。</translation>
    </message>
    <message>
        <source>Recorded by FleetDeck while it ran, since %1 (the history store): the hours it was closed are not counted.</source>
        <translation>FleetDeck 執行期間記錄於歷史資料庫，自 %1 起：關閉期間的時數不計入。</translation>
    </message>
    <message>
        <source>%1 GPU samples recorded before FleetDeck kept verdicts are not judged.</source>
        <translation>FleetDeck 開始保存判定前記錄的 %1 筆 GPU 樣本未判定。</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未記錄</translation>
    </message>
</context>
<context>
    <name>fleetdeck::VerdictLanes</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小時</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>MMM d HH:mm</source>
        <translation>M月d日 HH:mm</translation>
    </message>
    <message>
        <source> for %1, from %2</source>
        <translation>，持續 %1，自 %2 起</translation>
    </message>
    <message>
        <source>held by %1 (%2)</source>
        <translation>由 %1（%2）佔用</translation>
    </message>
    <message>
        <source>a process</source>
        <translation>某個行程</translation>
    </message>
    <message>
        <source>no data: FleetDeck was not reading this host then</source>
        <translation>無資料：FleetDeck 當時沒有讀取這台主機</translation>
    </message>
    <message>
        <source>read, but not enough to judge: too few samples, a pause between steps, or no profiling counters</source>
        <translation>已讀取，但不足以判斷：樣本太少、步驟之間的暫停，或沒有效能分析計數器</translation>
    </message>
</context>
<context>
    <name>fleetdeck::WorkloadPage</name>
    <message>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <source>What will these servers mostly do? The answer picks the tuned profile family the plan builds on.</source>
        <translation>這些伺服器主要會做什麼？答案決定計畫所依據的 tuned 設定檔系列。</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>訓練(&amp;T)</translation>
    </message>
    <message>
        <source>Long jobs that read datasets and write checkpoints (throughput matters).</source>
        <translation>讀取資料集並寫出檢查點的長時間工作（重視吞吐量）。</translation>
    </message>
    <message>
        <source>&amp;Inference</source>
        <translation>推論(&amp;I)</translation>
    </message>
    <message>
        <source>Serving a model to clients (latency or requests per second matter).</source>
        <translation>為客戶端提供模型服務（重視延遲或每秒請求數）。</translation>
    </message>
</context>
<context>
    <name>fleetdeck::commission::RackSpecTableModel</name>
    <message>
        <source>Fact</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>預期值</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>比對方式</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容許誤差</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>%1 (spec file field &quot;%2&quot;)</source>
        <translation>%1（規格檔欄位 &quot;%2&quot;）</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>不檢查</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not %3; type %3</source>
        <translation>%1：&quot;%2&quot; 不是%3；請輸入%3</translation>
    </message>
    <message>
        <source>%1: match is &quot;exact&quot; or &quot;at least&quot;</source>
        <translation>%1：比對方式為 &quot;exact&quot;（完全相同）或 &quot;at least&quot;（至少）</translation>
    </message>
    <message>
        <source>%1: the tolerance is a percentage from 0 to 100</source>
        <translation>%1：容許誤差是 0 到 100 的百分比</translation>
    </message>
    <message>
        <source>%1: severity is &quot;warning&quot; or &quot;critical&quot;</source>
        <translation>%1：嚴重程度為 &quot;warning&quot;（警告）或 &quot;critical&quot;（嚴重）</translation>
    </message>
    <message>
        <source> (each GPU)</source>
        <translation>（每張 GPU）</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整數</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>數字</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>on 或 off</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>at least</source>
        <translation>至少</translation>
    </message>
</context>
<context>
    <name>gpu</name>
    <message>
        <source>LOST</source>
        <translation>遺失</translation>
    </message>
</context>
<context>
    <name>plan</name>
    <message>
        <source>current values unavailable (no connection to the host&apos;s agent)</source>
        <translation>無法取得目前的值（未連上主機的 agent）</translation>
    </message>
</context>
</TS>
