<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>cli</name>
    <message>
        <source>--result: expected ok, failed, rolled_back or skipped</source>
        <translation>--result：應為 ok、failed、rolled_back 或 skipped</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not an ISO 8601 time (e.g. 2026-11-29 or 2026-11-29T10:15)</source>
        <translation>%1：「%2」不是 ISO 8601 時間（例如 2026-11-29 或 2026-11-29T10:15）</translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一個值</translation>
    </message>
    <message>
        <source>audit %1 takes one FILE, got &apos;%2&apos; too</source>
        <translation>audit %1 只接受一個檔案，卻又收到「%2」</translation>
    </message>
    <message>
        <source>audit export needs --csv or --json</source>
        <translation>audit export 需要 --csv 或 --json</translation>
    </message>
    <message>
        <source>--against needs at least one HOST</source>
        <translation>--against 至少需要一個主機</translation>
    </message>
    <message>
        <source>%1&apos;s agent does not keep a journal (an agent that predates journals, or a simulated host): it cannot witness the audit log</source>
        <translation>%1 的 agent 沒有保存日誌（比日誌功能更早的 agent，或模擬主機）：無法見證稽核記錄</translation>
    </message>
    <message>
        <source>the audit log was not checked against the servers</source>
        <translation>稽核記錄未與伺服器比對</translation>
    </message>
    <message>
        <source>Audit log %1: DAMAGED at %2</source>
        <translation>稽核記錄 %1：在 %2 處損壞</translation>
    </message>
    <message>
        <source>Entries 1-%1 verified before the damage.</source>
        <translation>損壞之前的項目 1-%1 已驗證。</translation>
    </message>
    <message>
        <source>No entry verified before the damage.</source>
        <translation>損壞之前沒有任何項目通過驗證。</translation>
    </message>
    <message>
        <source>Audit log %1: intact, %2 entries verified through entry %3 (head %4)</source>
        <translation>稽核記錄 %1：完好，%2 個項目已驗證至第 %3 項（最新位置 %4）</translation>
    </message>
    <message>
        <source>Note: the last line is incomplete (%1 bytes, an interrupted write); the next write cuts it and records a repair entry.</source>
        <translation>注意：最後一行不完整（%1 位元組，寫入被中斷）；下次寫入時會截掉它並記錄一筆修復項目。</translation>
    </message>
    <message>
        <source>%1 line(s) are not readable entries (first: line %2); run &apos;fleetdeck-cli audit verify&apos;</source>
        <translation>有 %1 行不是可讀取的項目（第一個：第 %2 行）；請執行 &apos;fleetdeck-cli audit verify&apos;</translation>
    </message>
    <message>
        <source>audit check-report takes one REPORT and --log FILE, not &apos;%1&apos;</source>
        <translation>audit check-report 只接受一個報告與 --log 檔案，不接受「%1」</translation>
    </message>
    <message>
        <source>audit check-report needs the report file (the PDF)</source>
        <translation>audit check-report 需要報告檔案（PDF）</translation>
    </message>
    <message>
        <source>SHA-256 %1 is not recorded in the audit log %2: this file is not a report FleetDeck wrote there, or it was changed since</source>
        <translation>稽核記錄 %2 中沒有 SHA-256 %1：此檔案不是 FleetDeck 在那裡記錄的報告，或之後已被變更</translation>
    </message>
    <message>
        <source>recorded in the audit log, entry %1, %2 by %3: %4</source>
        <translation>已記錄於稽核記錄第 %1 項，%2，操作者 %3：%4</translation>
    </message>
    <message>
        <source>SHA-256 %1; &apos;fleetdeck-cli audit verify&apos; proves the log itself unchanged</source>
        <translation>SHA-256 %1；&apos;fleetdeck-cli audit verify&apos; 可證明記錄本身未被變更</translation>
    </message>
    <message>
        <source>unknown audit subcommand &apos;%1&apos;</source>
        <translation>未知的 audit 子指令「%1」</translation>
    </message>
    <message>
        <source>%1 needs at least one HOST (try &apos;local&apos;)</source>
        <translation>%1 至少需要一個主機（可試試 &apos;local&apos;）</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知的指令「%1」</translation>
    </message>
    <message>
        <source>which action? one of %1</source>
        <translation>要執行哪個動作？可用：%1</translation>
    </message>
    <message>
        <source>unknown action &apos;%1&apos;; one of %2</source>
        <translation>未知的動作「%1」；可用：%2</translation>
    </message>
    <message>
        <source>every host answered (or: done, nothing found)</source>
        <translation>每台主機都已回應（或：已完成，未發現問題）</translation>
    </message>
    <message>
        <source>a host answered with an error</source>
        <translation>有主機回應錯誤</translation>
    </message>
    <message>
        <source>usage: an unknown option, a missing value or file, a HOST that is none</source>
        <translation>用法錯誤：未知的選項、缺少值或檔案、不是主機的主機名稱</translation>
    </message>
    <message>
        <source>connection failed</source>
        <translation>連線失敗</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>驗證失敗</translation>
    </message>
    <message>
        <source>host key unknown or refused (changed, revoked)</source>
        <translation>主機金鑰未知或遭拒（已變更、已撤銷）</translation>
    </message>
    <message>
        <source>apply/rollback: a host rolled back or failed</source>
        <translation>apply/rollback：有主機已復原或失敗</translation>
    </message>
    <message>
        <source>ran and found problems (health, commission: a critical finding; drift: a setting drifted; diagnose: a GPU held idle, capped or bound)</source>
        <translation>已執行並發現問題（health、commission：有嚴重發現；drift：有設定偏移；diagnose：有 GPU 佔用閒置、受限或遇到瓶頸）</translation>
    </message>
    <message>
        <source>HOST is &apos;local&apos; (this machine), an inventory name, an ssh-config alias, USER@HOST:PORT, sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR, e.g. a mounted server image, through a local agent). A host given twice is asked once.</source>
        <translation>主機可以是 &apos;local&apos;（本機）、主機清單中的名稱、ssh-config 別名、使用者@主機:連接埠、sim:設定檔[+變體][:種子]（模擬主機）或 root:目錄（透過本機 agent 讀取位於該目錄的系統樹，例如已掛載的伺服器映像檔）。重複指定的主機只會詢問一次。</translation>
    </message>
    <message>
        <source>show this command&apos;s options and exit codes</source>
        <translation>顯示此指令的選項與結束代碼</translation>
    </message>
    <message>
        <source>print the version</source>
        <translation>顯示版本</translation>
    </message>
    <message>
        <source>%1 takes no value, or true or false</source>
        <translation>%1 不接受值，或只接受 true 或 false</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation>未知的選項「%1」</translation>
    </message>
    <message>
        <source>%1 needs a value (%2)</source>
        <translation>%1 需要一個值（%2）</translation>
    </message>
    <message>
        <source>--%1 %2: no such file; check the path</source>
        <translation>--%1 %2：檔案不存在；請檢查路徑</translation>
    </message>
    <message>
        <source>%1: no such file; check the path</source>
        <translation>%1：檔案不存在；請檢查路徑</translation>
    </message>
    <message>
        <source>Usage: fleetdeck-cli %1 [OPTIONS]%2</source>
        <translation>用法：fleetdeck-cli %1 [選項]%2</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>引數：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>選項：</translation>
    </message>
    <message>
        <source>Exit codes:</source>
        <translation>結束代碼：</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>範例：</translation>
    </message>
    <message>
        <source>Usage: fleetdeck-cli %1 ACTION [OPTIONS]</source>
        <translation>用法：fleetdeck-cli %1 動作 [選項]</translation>
    </message>
    <message>
        <source>Actions:</source>
        <translation>動作：</translation>
    </message>
    <message>
        <source>&apos;fleetdeck-cli %1 ACTION --help&apos; shows an action&apos;s options.</source>
        <translation>&apos;fleetdeck-cli %1 動作 --help&apos; 會顯示該動作的選項。</translation>
    </message>
    <message>
        <source>Usage: fleetdeck-cli COMMAND [OPTIONS] [HOST...]</source>
        <translation>用法：fleetdeck-cli 指令 [選項] [主機...]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>指令：</translation>
    </message>
    <message>
        <source>show this text</source>
        <translation>顯示此說明</translation>
    </message>
    <message>
        <source>Options of every command (before or after its name):</source>
        <translation>每個指令都可用的選項（放在指令名稱之前或之後皆可）：</translation>
    </message>
    <message>
        <source>&apos;fleetdeck-cli COMMAND --help&apos; shows a command&apos;s options, exit codes and examples; so does &apos;man fleetdeck-cli&apos;.</source>
        <translation>&apos;fleetdeck-cli 指令 --help&apos; 會顯示指令的選項、結束代碼與範例；&apos;man fleetdeck-cli&apos; 也一樣。</translation>
    </message>
    <message>
        <source>print each step of a connect on stderr: the options used, the host key, the authentication tried, where the agent is deployed and why, the agent&apos;s stderr</source>
        <translation>在 stderr 顯示連線的每個步驟：使用的選項、主機金鑰、嘗試的驗證方式、agent 部署的位置與原因，以及 agent 的 stderr</translation>
    </message>
    <message>
        <source>one JSON document on stdout: an object keyed by host</source>
        <translation>在 stdout 輸出一份 JSON 文件：以主機為鍵的物件</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>use this inventory instead of the saved one</source>
        <translation>使用此主機清單，而非已儲存的清單</translation>
    </message>
    <message>
        <source>check host keys against FILE (unknown keys are refused)</source>
        <translation>以此檔案核對主機金鑰（未知的金鑰會被拒絕）</translation>
    </message>
    <message>
        <source>with --known-hosts: accept and record keys never seen before</source>
        <translation>搭配 --known-hosts：接受並記錄從未見過的金鑰</translation>
    </message>
    <message>
        <source>the private key to offer first</source>
        <translation>優先提供的私密金鑰</translation>
    </message>
    <message>
        <source>leave no agent running on the servers afterwards (by default it stays 10 minutes after the last connection, so the next one starts nothing there)</source>
        <translation>結束後不在伺服器上留下執行中的 agent（預設會在最後一次連線後保留 10 分鐘，下次連線就不必再啟動）</translation>
    </message>
    <message>
        <source>the audit log&apos;s HMAC key (default: $FLEETDECK_AUDIT_KEY when set, else hmac.key beside the default log)</source>
        <translation>稽核記錄的 HMAC 金鑰（預設：有設定時為 $FLEETDECK_AUDIT_KEY，否則為預設記錄旁的 hmac.key）</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>entries about this host (name or address)</source>
        <translation>與此主機（名稱或位址）相關的項目</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>entries whose setting contains TEXT</source>
        <translation>設定中包含此文字的項目</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>entries with this result: ok, failed, rolled_back or skipped</source>
        <translation>結果為此值的項目：ok、failed、rolled_back 或 skipped</translation>
    </message>
    <message>
        <source>entries by this operator</source>
        <translation>此操作者的項目</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>entries at or after TIME (ISO 8601, UTC unless it says: 2026-11-29T10:15)</source>
        <translation>此時間（含）之後的項目（ISO 8601，未註明時區即為 UTC：2026-11-29T10:15）</translation>
    </message>
    <message>
        <source>entries at or before TIME</source>
        <translation>此時間（含）之前的項目</translation>
    </message>
    <message>
        <source>the log&apos;s HMAC key (show and export do not check it)</source>
        <translation>記錄的 HMAC 金鑰（show 與 export 不檢查它）</translation>
    </message>
    <message>
        <source>HOST...</source>
        <translation>主機...</translation>
    </message>
    <message>
        <source>&apos;local&apos; (this machine), an inventory name, an ssh-config alias, [USER@]HOST[:PORT], sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR through a local agent). A host given twice is asked once.</source>
        <translation>&apos;local&apos;（本機）、主機清單中的名稱、ssh-config 別名、[使用者@]主機[:連接埠]、sim:設定檔[+變體][:種子]（模擬主機）或 root:目錄（透過本機 agent 讀取位於該目錄的系統樹）。重複指定的主機只會詢問一次。</translation>
    </message>
    <message>
        <source>print each host&apos;s hardware and OS facts as JSON</source>
        <translation>以 JSON 顯示每台主機的硬體與作業系統資訊</translation>
    </message>
    <message>
        <source>Asks each HOST&apos;s agent for its facts (CPU, memory, GPUs, NICs, OS, kernel) and prints them as JSON: one object for one host, one per host under &apos;# HOST&apos; lines for several, or one object keyed by host with --json.</source>
        <translation>向每台主機的 agent 查詢其資訊（CPU、記憶體、GPU、網路卡、作業系統、核心）並以 JSON 顯示：一台主機時為一個物件；多台時每台一個物件，前面加上 &apos;# 主機&apos; 行；使用 --json 時為一個以主機為鍵的物件。</translation>
    </message>
    <message>
        <source>This machine&apos;s facts:</source>
        <translation>本機的資訊：</translation>
    </message>
    <message>
        <source>Two servers, as one JSON document:</source>
        <translation>兩台伺服器，合併為一份 JSON 文件：</translation>
    </message>
    <message>
        <source>print one telemetry snapshot per host as JSON</source>
        <translation>以 JSON 顯示每台主機的一次遙測快照</translation>
    </message>
    <message>
        <source>Takes one telemetry sample on each HOST (CPU, memory, GPUs, network, disks) and prints it as JSON.</source>
        <translation>在每台主機上取一次遙測樣本（CPU、記憶體、GPU、網路、磁碟）並以 JSON 顯示。</translation>
    </message>
    <message>
        <source>A simulated 8-GPU server:</source>
        <translation>一台模擬的 8 GPU 伺服器：</translation>
    </message>
    <message>
        <source>GPU health findings per host, with what to do</source>
        <translation>每台主機的 GPU 健康狀態發現與處理方式</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>秒數</translation>
    </message>
    <message>
        <source>take a second reading SECONDS later (1..3600) over the same connection, to see error counters grow</source>
        <translation>經過指定秒數（1..3600）後透過同一連線再讀取一次，以觀察錯誤計數是否增加</translation>
    </message>
    <message>
        <source>7 when a host has a critical finding; 130 when interrupted (143 on SIGTERM).</source>
        <translation>有主機出現嚴重發現時為 7；被中斷時為 130（SIGTERM 時為 143）。</translation>
    </message>
    <message>
        <source>Every GPU of two servers, watching counters for a minute:</source>
        <translation>兩台伺服器的所有 GPU，觀察計數一分鐘：</translation>
    </message>
    <message>
        <source>(--spec FILE | --learn-from HOST) HOST...</source>
        <translation>(--spec 檔案 | --learn-from 主機) 主機...</translation>
    </message>
    <message>
        <source>a new rack&apos;s acceptance: each host against a spec, the other hosts, its GPU health, the latency among the hosts and a burn-in</source>
        <translation>新機架的驗收：每台主機對照規格、其他主機、GPU 健康狀態、主機間延遲與燒機測試</translation>
    </message>
    <message>
        <source>Checks each HOST against the spec, against the rest of the hosts (the odd one out), its GPU health, the latency among the hosts and, with --burn-in, a burn-in watch. Ctrl-C stops the load on every host first. See docs/commission.md.</source>
        <translation>檢查每台主機是否符合規格、與其他主機是否一致（找出異常的那台）、GPU 健康狀態、主機間延遲，使用 --burn-in 時再加上燒機監看。按 Ctrl-C 會先停止每台主機上的負載。請參閱 docs/commission.md。</translation>
    </message>
    <message>
        <source>what every host must be (docs/commission.md, &quot;The spec&quot;)</source>
        <translation>每台主機應符合的規格（docs/commission.md，「The spec」）</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>take the spec from this host&apos;s facts instead (a golden host)</source>
        <translation>改以此主機的資訊作為規格（黃金樣本主機）</translation>
    </message>
    <message>
        <source>write the spec used (learned or read) to FILE, to edit and reuse</source>
        <translation>把使用的規格（學到的或讀入的）寫入此檔案，以便編輯與重複使用</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>時長</translation>
    </message>
    <message>
        <source>watch every GPU for DURATION (15m, 900s, 90; no unit: seconds) and judge slowdowns, power cap, clock drop, fans and the rack&apos;s hot outliers</source>
        <translation>在此時長內（15m、900s、90；無單位即為秒）監看每張 GPU，並評估降速、功率上限、時脈下降、風扇與機架中過熱的異常主機</translation>
    </message>
    <message>
        <source>CMD</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>with --burn-in: run CMD on every host for the window (e.g. &apos;gpu_burn 900&apos;), stopped at its end; its failure is a finding</source>
        <translation>搭配 --burn-in：在監看期間於每台主機執行此指令（例如 &apos;gpu_burn 900&apos;），期間結束時停止；指令失敗會列為一項發現</translation>
    </message>
    <message>
        <source>skip the latency round among the hosts</source>
        <translation>略過主機間的延遲量測</translation>
    </message>
    <message>
        <source>FILE.pdf</source>
        <translation>檔案.pdf</translation>
    </message>
    <message>
        <source>write the report: FILE.pdf, and FILE.html, FILE.json, FILE.csv beside it; the PDF&apos;s SHA-256 goes into the audit log (audit check-report FILE.pdf proves it)</source>
        <translation>寫出報告：檔案.pdf，並在旁邊寫出 檔案.html、檔案.json、檔案.csv；PDF 的 SHA-256 會記入稽核記錄（audit check-report 檔案.pdf 可加以證明）</translation>
    </message>
    <message>
        <source>the audit log that records the report (default: FleetDeck&apos;s own, in its data directory)</source>
        <translation>記錄此報告的稽核記錄（預設：FleetDeck 自己的，位於其資料目錄）</translation>
    </message>
    <message>
        <source>read SSH hosts through the privileged agent (sudo -n, or a root login), so the facts only root can read are checked too: memory modules, serial numbers</source>
        <translation>透過具特權的 agent（sudo -n 或以 root 登入）讀取 SSH 主機，連只有 root 能讀取的資訊也一併檢查：記憶體模組、序號</translation>
    </message>
    <message>
        <source>as --sudo, with sudo&apos;s password from the first line of stdin</source>
        <translation>同 --sudo，sudo 密碼取自 stdin 的第一行</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>simulated hosts (sim:...) only, for tests and demos: X simulated seconds per real second, the burn-in window included</source>
        <translation>僅限模擬主機（sim:...），供測試與展示用：每一實際秒等於 X 模擬秒，燒機期間也是</translation>
    </message>
    <message>
        <source>0 when every host passes, 7 when any has a critical finding, 130 when interrupted (143 on SIGTERM).</source>
        <translation>每台主機都通過時為 0，任一主機有嚴重發現時為 7，被中斷時為 130（SIGTERM 時為 143）。</translation>
    </message>
    <message>
        <source>Learn the spec from a golden host, then check the rack with a 15-minute burn-in and a report:</source>
        <translation>從黃金樣本主機學習規格，再以 15 分鐘燒機檢查機架並產生報告：</translation>
    </message>
    <message>
        <source>the latency matrix among hosts: every host probes every other host&apos;s SSH port</source>
        <translation>主機間的延遲矩陣：每台主機探測其他每台主機的 SSH 連接埠</translation>
    </message>
    <message>
        <source>Every HOST probes every other HOST&apos;s SSH port and the matrix of p50 round trips is printed (&apos;!&apos; marks loss), then the slow or lossy links.</source>
        <translation>每台主機探測其他每台主機的 SSH 連接埠，並顯示 p50 往返時間的矩陣（&apos;!&apos; 表示有遺失），接著列出緩慢或有遺失的鏈路。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>probes per link, 1..100 (default 5)</source>
        <translation>每條鏈路的探測次數，1..100（預設 5）</translation>
    </message>
    <message>
        <source>also write the matrix as CSV to FILE</source>
        <translation>同時把矩陣以 CSV 寫入此檔案</translation>
    </message>
    <message>
        <source>A rack&apos;s links, 20 probes each:</source>
        <translation>一個機架的鏈路，每條探測 20 次：</translation>
    </message>
    <message>
        <source>the tuning plan per host: settings with rationale and sources, current -&gt; proposed</source>
        <translation>每台主機的調校計畫：設定及其理由與出處，目前值 -&gt; 建議值</translation>
    </message>
    <message>
        <source>Makes the tuning plan for each HOST (or for the hosts in a facts file) from the wizard&apos;s answers: every setting with its rationale and sources, the current value and the proposed one, and hardware findings.</source>
        <translation>依精靈的回答為每台主機（或資訊檔案中的主機）擬定調校計畫：每項設定及其理由與出處、目前值與建議值，以及硬體發現。</translation>
    </message>
    <message>
        <source>the tuning wizard&apos;s answers (JSON)</source>
        <translation>調校精靈的回答（JSON）</translation>
    </message>
    <message>
        <source>plan for the hosts in FILE (&apos;fleetdeck-cli facts --json&apos; output) instead of asking hosts</source>
        <translation>為此檔案中的主機（&apos;fleetdeck-cli facts --json&apos; 的輸出）擬定計畫，而不詢問主機</translation>
    </message>
    <message>
        <source>also save the plans of all hosts as one profile that &apos;apply --profile FILE&apos; pushes</source>
        <translation>同時把所有主機的計畫存成一個設定檔，供 &apos;apply --profile 檔案&apos; 推送</translation>
    </message>
    <message>
        <source>the saved profile&apos;s name (default: from the answers)</source>
        <translation>儲存的設定檔名稱（預設：取自回答）</translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>also write the plan as sysctl.d, tuned or ansible (with --output FILE), byte for byte as the wizard exports it</source>
        <translation>同時把計畫寫成 sysctl.d、tuned 或 ansible（搭配 --output 檔案），與精靈匯出的內容逐位元組相同</translation>
    </message>
    <message>
        <source>where --export writes</source>
        <translation>--export 寫入的位置</translation>
    </message>
    <message>
        <source>Plan for this machine from saved answers:</source>
        <translation>依已儲存的回答為本機擬定計畫：</translation>
    </message>
    <message>
        <source>push a profile&apos;s settings to each host&apos;s root agent</source>
        <translation>把設定檔的設定推送到每台主機的 root agent</translation>
    </message>
    <message>
        <source>Pushes a profile&apos;s settings to each HOST&apos;s root agent: back up, write, read back, and roll back everything on any failure. Every step is recorded in the audit log and each host&apos;s journal witnesses its head.</source>
        <translation>把設定檔的設定推送到每台主機的 root agent：備份、寫入、讀回驗證，任何一步失敗就全部復原。每個步驟都記入稽核記錄，並由每台主機的日誌見證其最新位置。</translation>
    </message>
    <message>
        <source>--profile FILE HOST...</source>
        <translation>--profile 檔案 主機...</translation>
    </message>
    <message>
        <source>the profile to push (saved by the app&apos;s tuning wizard)</source>
        <translation>要推送的設定檔（由應用程式的調校精靈儲存）</translation>
    </message>
    <message>
        <source>also write the settings so they survive a reboot (sysctl.d, tuned)</source>
        <translation>同時寫入設定，使其在重新開機後仍然有效（sysctl.d、tuned）</translation>
    </message>
    <message>
        <source>show what would change and change nothing</source>
        <translation>顯示會變更的內容，但不做任何變更</translation>
    </message>
    <message>
        <source>push to at most N hosts at once, 1..256 (default 8)</source>
        <translation>同時最多推送到 N 台主機，1..256（預設 8）</translation>
    </message>
    <message>
        <source>read the sudo password from the first line of stdin (otherwise sudo must not ask: NOPASSWD, or log in as root)</source>
        <translation>從 stdin 的第一行讀取 sudo 密碼（否則 sudo 不得詢問密碼：需設定 NOPASSWD，或以 root 登入）</translation>
    </message>
    <message>
        <source>the audit log that records the push (default: FleetDeck&apos;s own, in its data directory)</source>
        <translation>記錄此次推送的稽核記錄（預設：FleetDeck 自己的，位於其資料目錄）</translation>
    </message>
    <message>
        <source>6 when a host rolled back or failed (0 only when every host verified); 130 when interrupted (143 on SIGTERM).</source>
        <translation>有主機復原或失敗時為 6（只有每台主機都驗證通過時才為 0）；被中斷時為 130（SIGTERM 時為 143）。</translation>
    </message>
    <message>
        <source>Preview, then push persistently:</source>
        <translation>先預覽，再持久推送：</translation>
    </message>
    <message>
        <source>restore what transaction TXN changed on HOST</source>
        <translation>還原交易 TXN 在主機上所做的變更</translation>
    </message>
    <message>
        <source>Restores the values transaction TXN (from apply&apos;s output or the audit log) changed on HOST, and records it in the audit log.</source>
        <translation>還原交易 TXN（取自 apply 的輸出或稽核記錄）在主機上變更的值，並記入稽核記錄。</translation>
    </message>
    <message>
        <source>HOST TXN</source>
        <translation>主機 TXN</translation>
    </message>
    <message>
        <source>TXN</source>
        <translation>TXN</translation>
    </message>
    <message>
        <source>the transaction apply reported for HOST</source>
        <translation>apply 針對該主機回報的交易</translation>
    </message>
    <message>
        <source>as for apply</source>
        <translation>同 apply</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>不接受</translation>
    </message>
    <message>
        <source>read the sudo password from the first line of stdin</source>
        <translation>從 stdin 的第一行讀取 sudo 密碼</translation>
    </message>
    <message>
        <source>the audit log that records the rollback (default: FleetDeck&apos;s own, in its data directory)</source>
        <translation>記錄此次復原的稽核記錄（預設：FleetDeck 自己的，位於其資料目錄）</translation>
    </message>
    <message>
        <source>6 when the rollback failed.</source>
        <translation>復原失敗時為 6。</translation>
    </message>
    <message>
        <source>settings that no longer have the value FleetDeck last pushed</source>
        <translation>不再是 FleetDeck 上次推送之值的設定</translation>
    </message>
    <message>
        <source>Compares each HOST&apos;s settings with what FleetDeck last pushed there (the audit log) and names the cause of each difference: reboot_runtime_only, tuned, sysctl_file, by_hand. --reapply pushes them again; &apos;drift --accept HOST SETTING&apos; adopts the current value (docs/drift.md).</source>
        <translation>把每台主機的設定與 FleetDeck 上次推送的值（稽核記錄）比較，並指出每項差異的原因：reboot_runtime_only、tuned、sysctl_file、by_hand。--reapply 會再次推送；&apos;drift --accept 主機 設定&apos; 會採用目前的值（docs/drift.md）。</translation>
    </message>
    <message>
        <source>HOST... | --accept HOST SETTING</source>
        <translation>主機... | --accept 主機 設定</translation>
    </message>
    <message>
        <source>push the drifted settings again (exits as apply)</source>
        <translation>再次推送偏移的設定（結束代碼同 apply）</translation>
    </message>
    <message>
        <source>with HOST SETTING: adopt the current value as the desired one</source>
        <translation>搭配 主機 設定：採用目前的值作為期望值</translation>
    </message>
    <message>
        <source>the audit log that holds the pushes (default: FleetDeck&apos;s own, in its data directory)</source>
        <translation>保存推送紀錄的稽核記錄（預設：FleetDeck 自己的，位於其資料目錄）</translation>
    </message>
    <message>
        <source>7 when something drifted; with --reapply as apply.</source>
        <translation>有設定偏移時為 7；使用 --reapply 時同 apply。</translation>
    </message>
    <message>
        <source>What drifted on the rack since the last push:</source>
        <translation>機架自上次推送後偏移了什麼：</translation>
    </message>
    <message>
        <source>read this history store instead of FleetDeck&apos;s</source>
        <translation>讀取此歷史資料庫，而非 FleetDeck 的</translation>
    </message>
    <message>
        <source>the incidents the desktop app recorded, oldest first</source>
        <translation>桌面應用程式記錄的事件，由舊到新</translation>
    </message>
    <message>
        <source>The incidents the desktop app recorded (throttling, GPU health, hosts offline, latency, pushes), oldest first. Contacts no host.</source>
        <translation>桌面應用程式記錄的事件（降頻、GPU 健康狀態、主機離線、延遲、推送），由舊到新。不連線任何主機。</translation>
    </message>
    <message>
        <source>how far back: 30m, 6h, 7d (default 24h)</source>
        <translation>往回查多久：30m、6h、7d（預設 24h）</translation>
    </message>
    <message>
        <source>only this host&apos;s incidents</source>
        <translation>只列出此主機的事件</translation>
    </message>
    <message>
        <source>a JSON array</source>
        <translation>JSON 陣列</translation>
    </message>
    <message>
        <source>The last week&apos;s incidents of one host:</source>
        <translation>一台主機上週的事件：</translation>
    </message>
    <message>
        <source>a host&apos;s recorded CPU and GPU telemetry</source>
        <translation>主機已記錄的 CPU 與 GPU 遙測資料</translation>
    </message>
    <message>
        <source>HOST&apos;s recorded CPU and GPU telemetry (every sample up to 1h, then 10 s, then 1 min means), read from FleetDeck&apos;s history store. Contacts no host.</source>
        <translation>主機已記錄的 CPU 與 GPU 遙測資料（1 小時內為每個樣本，之後為 10 秒平均，再之後為 1 分鐘平均），讀自 FleetDeck 的歷史資料庫。不連線任何主機。</translation>
    </message>
    <message>
        <source>the host&apos;s name as the app shows it</source>
        <translation>應用程式中顯示的主機名稱</translation>
    </message>
    <message>
        <source>how far back: 30m, 6h, 7d (default 1h)</source>
        <translation>往回查多久：30m、6h、7d（預設 1h）</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>the audit log (default: the one FleetDeck writes, in its data directory)</source>
        <translation>稽核記錄（預設：FleetDeck 寫入的那份，位於其資料目錄）</translation>
    </message>
    <message>
        <source>[FILE] [--against HOST...]</source>
        <translation>[檔案] [--against 主機...]</translation>
    </message>
    <message>
        <source>check every entry&apos;s hash, HMAC and place in the audit log&apos;s chain</source>
        <translation>檢查稽核記錄中每個項目的雜湊、HMAC 與在鏈中的位置</translation>
    </message>
    <message>
        <source>Checks every entry&apos;s hash, HMAC and place in the chain: exit 0 when intact, 1 naming the first bad entry and the damage (modified, inserted, deleted, reordered, truncated, wrong key). --against HOST... also compares with the heads the servers witnessed; the options after it are those of the hosts.</source>
        <translation>檢查每個項目的雜湊、HMAC 與在鏈中的位置：完好時結束代碼為 0；否則為 1，並指出第一個損壞的項目與損壞類型（修改、插入、刪除、重排、截斷、金鑰錯誤）。--against 主機... 還會與伺服器見證的最新位置比較；其後的選項屬於那些主機。</translation>
    </message>
    <message>
        <source>the log&apos;s HMAC key (default: $FLEETDECK_AUDIT_KEY, else hmac.key beside the default log)</source>
        <translation>記錄的 HMAC 金鑰（預設：$FLEETDECK_AUDIT_KEY，否則為預設記錄旁的 hmac.key）</translation>
    </message>
    <message>
        <source>the words after it are HOSTs whose journals witness the log</source>
        <translation>其後的字詞是以日誌見證此記錄的主機</translation>
    </message>
    <message>
        <source>The log, and the heads two servers witnessed:</source>
        <translation>記錄本身，以及兩台伺服器見證的最新位置：</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[檔案]</translation>
    </message>
    <message>
        <source>print the audit log&apos;s entries as a table</source>
        <translation>以表格顯示稽核記錄的項目</translation>
    </message>
    <message>
        <source>Prints the audit log&apos;s entries, those the filters pass, as a table.</source>
        <translation>以表格顯示稽核記錄中通過篩選的項目。</translation>
    </message>
    <message>
        <source>The failed pushes since the start of November:</source>
        <translation>十一月初以來失敗的推送：</translation>
    </message>
    <message>
        <source>--csv|--json [FILE]</source>
        <translation>--csv|--json [檔案]</translation>
    </message>
    <message>
        <source>print the audit log&apos;s entries as CSV or JSON</source>
        <translation>以 CSV 或 JSON 輸出稽核記錄的項目</translation>
    </message>
    <message>
        <source>Prints the audit log&apos;s entries, those the filters pass, as CSV or JSON.</source>
        <translation>以 CSV 或 JSON 輸出稽核記錄中通過篩選的項目。</translation>
    </message>
    <message>
        <source>as CSV</source>
        <translation>輸出為 CSV</translation>
    </message>
    <message>
        <source>as a JSON array</source>
        <translation>輸出為 JSON 陣列</translation>
    </message>
    <message>
        <source>One host&apos;s entries for a spreadsheet:</source>
        <translation>一台主機的項目，供試算表使用：</translation>
    </message>
    <message>
        <source>REPORT</source>
        <translation>報告</translation>
    </message>
    <message>
        <source>whether the audit log recorded a commissioning report&apos;s SHA-256</source>
        <translation>稽核記錄是否記錄了某份驗收報告的 SHA-256</translation>
    </message>
    <message>
        <source>Whether the audit log recorded REPORT&apos;s SHA-256 when a commissioning report was written: exit 0 naming when, who and the rack.</source>
        <translation>稽核記錄是否在寫出驗收報告時記錄了該報告的 SHA-256：有則結束代碼為 0，並指出時間、操作者與機架。</translation>
    </message>
    <message>
        <source>the report&apos;s PDF</source>
        <translation>報告的 PDF</translation>
    </message>
    <message>
        <source>the audit log (default: FleetDeck&apos;s)</source>
        <translation>稽核記錄（預設：FleetDeck 的）</translation>
    </message>
    <message>
        <source>7 when no entry has it (the file was changed, or its record is in another log).</source>
        <translation>沒有任何項目記錄它時為 7（檔案已被變更，或其紀錄在另一份記錄中）。</translation>
    </message>
    <message>
        <source>file_sd targets and alerting rules for a Prometheus server</source>
        <translation>供 Prometheus 伺服器使用的 file_sd 目標與警示規則</translation>
    </message>
    <message>
        <source>Writes file_sd targets from the inventory and alerting rules from FleetDeck&apos;s thresholds, for a Prometheus server (docs/metrics.md).</source>
        <translation>依主機清單寫出 file_sd 目標，並依 FleetDeck 的門檻寫出警示規則，供 Prometheus 伺服器使用（docs/metrics.md）。</translation>
    </message>
    <message>
        <source>file_sd targets (JSON) for the inventory&apos;s hosts, HOST:9835, labels host, rack, unit, group, tags</source>
        <translation>主機清單中各主機的 file_sd 目標（JSON），主機:9835，標籤為 host、rack、unit、group、tags</translation>
    </message>
    <message>
        <source>alerting rules (YAML) from FleetDeck&apos;s thresholds</source>
        <translation>依 FleetDeck 門檻產生的警示規則（YAML）</translation>
    </message>
    <message>
        <source>the inventory to read instead of the saved one</source>
        <translation>要讀取的主機清單，而非已儲存的清單</translation>
    </message>
    <message>
        <source>the scrape job the host-down rule watches (default fleetdeck)</source>
        <translation>host-down 規則監看的 scrape 工作（預設 fleetdeck）</translation>
    </message>
    <message>
        <source>Targets and rules for /etc/prometheus:</source>
        <translation>/etc/prometheus 用的目標與規則：</translation>
    </message>
    <message>
        <source>PATTERN</source>
        <translation>樣式</translation>
    </message>
    <message>
        <source>add hosts by a name pattern, placed in a rack, after a preview</source>
        <translation>依名稱樣式新增主機並放入機架，先預覽再新增</translation>
    </message>
    <message>
        <source>Adds the hosts PATTERN names to the inventory. Names already in the inventory, names given twice and units that overlap a host in the same rack refuse the whole add (exit 2).</source>
        <translation>把樣式指定的主機加入主機清單。若有名稱已在清單中、名稱重複，或單位與同一機架中的主機重疊，整個新增都會被拒絕（結束代碼 2）。</translation>
    </message>
    <message>
        <source>host names with numeric ranges: gpu-[01-16].dc2.example.net (zero padding kept); each name is also the host&apos;s address</source>
        <translation>含數字範圍的主機名稱：gpu-[01-16].dc2.example.net（保留補零）；每個名稱同時也是主機的位址</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>the SSH user</source>
        <translation>SSH 使用者</translation>
    </message>
    <message>
        <source>the SSH port</source>
        <translation>SSH 連接埠</translation>
    </message>
    <message>
        <source>reach the hosts through [user@]host[:port] (OpenSSH ProxyJump; hops joined by &apos;,&apos;)</source>
        <translation>經由 [使用者@]主機[:連接埠] 連到這些主機（OpenSSH ProxyJump；多個跳板以 &apos;,&apos; 連接）</translation>
    </message>
    <message>
        <source>GROUP</source>
        <translation>群組</translation>
    </message>
    <message>
        <source>the hosts&apos; group</source>
        <translation>這些主機的群組</translation>
    </message>
    <message>
        <source>TAG</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>a tag for the hosts (repeat for more)</source>
        <translation>這些主機的標籤（可重複指定多個）</translation>
    </message>
    <message>
        <source>RACK</source>
        <translation>機架</translation>
    </message>
    <message>
        <source>place the hosts in this rack (with --first-unit)</source>
        <translation>把這些主機放入此機架（搭配 --first-unit）</translation>
    </message>
    <message>
        <source>the first host&apos;s unit (its lowest)</source>
        <translation>第一台主機的單位（其最低的單位）</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>units per host (default 1)</source>
        <translation>每台主機佔用的單位數（預設 1）</translation>
    </message>
    <message>
        <source>DIRECTION</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>top-down (the default: each next host lower) or bottom-up</source>
        <translation>top-down（預設：下一台主機位置較低）或 bottom-up</translation>
    </message>
    <message>
        <source>show what would be added and save nothing</source>
        <translation>顯示會新增的內容，但不儲存任何東西</translation>
    </message>
    <message>
        <source>this inventory instead of the saved one</source>
        <translation>使用此主機清單，而非已儲存的清單</translation>
    </message>
    <message>
        <source>print the added hosts as JSON</source>
        <translation>以 JSON 顯示新增的主機</translation>
    </message>
    <message>
        <source>Sixteen servers in rack r7 from unit 40 down:</source>
        <translation>十六台伺服器放入機架 r7，從單位 40 往下：</translation>
    </message>
    <message>
        <source>[TARGET...]</source>
        <translation>[目標...]</translation>
    </message>
    <message>
        <source>the hosts a selection resolves to, without connecting</source>
        <translation>選取範圍對應到的主機，不建立連線</translation>
    </message>
    <message>
        <source>Prints the hosts the TARGETs select (all of the inventory&apos;s without any) with their address, port, user, identity file, jump hosts, group, rack, unit and tags, after ~/.ssh/config, without connecting to any: a selection can be checked before a push. The inventory may be FleetDeck&apos;s, an Ansible INI or YAML inventory (with host_vars/ and group_vars/ beside it) or an ssh config.</source>
        <translation>顯示目標所選取的主機（未指定時為清單中的全部主機），以及套用 ~/.ssh/config 之後的位址、連接埠、使用者、身分檔案、跳板主機、群組、機架、單位與標籤，不連線任何主機：推送前可先確認選取範圍。主機清單可以是 FleetDeck 的、Ansible INI 或 YAML 主機清單（旁邊可有 host_vars/ 與 group_vars/），或 ssh config。</translation>
    </message>
    <message>
        <source>TARGET...</source>
        <translation>目標...</translation>
    </message>
    <message>
        <source>a host name, @GROUP, rack:NAME, tag:NAME or all (docs/inventory.md)</source>
        <translation>主機名稱、@群組、rack:名稱、tag:名稱或 all（docs/inventory.md）</translation>
    </message>
    <message>
        <source>FleetDeck&apos;s inventory, an Ansible inventory or an ssh config instead of the saved inventory</source>
        <translation>使用 FleetDeck 的主機清單、Ansible 主機清單或 ssh config，而非已儲存的清單</translation>
    </message>
    <message>
        <source>as a JSON array of objects (name, address, port, user, identity_file, jump_hosts, group, rack, unit, tags)</source>
        <translation>輸出為物件的 JSON 陣列（name、address、port、user、identity_file、jump_hosts、group、rack、unit、tags）</translation>
    </message>
    <message>
        <source>The GPU group and rack b7 of an Ansible inventory:</source>
        <translation>Ansible 主機清單中的 GPU 群組與機架 b7：</translation>
    </message>
    <message>
        <source>NAME...</source>
        <translation>名稱...</translation>
    </message>
    <message>
        <source>remove hosts from the inventory</source>
        <translation>從主機清單移除主機</translation>
    </message>
    <message>
        <source>Removes the hosts NAME... from the inventory.</source>
        <translation>從主機清單移除指定名稱的主機。</translation>
    </message>
    <message>
        <source>show what would be removed and save nothing</source>
        <translation>顯示會移除的內容，但不儲存任何東西</translation>
    </message>
    <message>
        <source>LANG</source>
        <translation>語言</translation>
    </message>
    <message>
        <source>the language of messages and help: zh_TW (Traditional Chinese) or en (default: the locale&apos;s, from LANG or LC_ALL)</source>
        <translation>訊息與說明的語言：zh_TW（繁體中文）或 en（預設依語系設定，取自 LANG 或 LC_ALL）</translation>
    </message>
    <message>
        <source>burn-in %1 of %2 s (%3 %)</source>
        <translation>燒機 %1 / %2 秒（%3 %）</translation>
    </message>
    <message>
        <source>the load command did not start: %1</source>
        <translation>負載指令未能啟動：%1</translation>
    </message>
    <message>
        <source>the load command exited with status %1</source>
        <translation>負載指令以狀態 %1 結束</translation>
    </message>
    <message>
        <source>commission needs either --spec FILE or --learn-from HOST</source>
        <translation>commission 需要 --spec 檔案 或 --learn-from 主機</translation>
    </message>
    <message>
        <source>commission needs the rack&apos;s hosts (HOST...)</source>
        <translation>commission 需要機架的主機（主機...）</translation>
    </message>
    <message>
        <source>--burn-in takes a duration from 1 s to 7 days, such as 15m, 900s or 90 (seconds), not &quot;%1&quot;</source>
        <translation>--burn-in 需要 1 秒到 7 天之間的時長，例如 15m、900s 或 90（秒），不接受「%1」</translation>
    </message>
    <message>
        <source>--load runs during the burn-in; give --burn-in DURATION too</source>
        <translation>--load 在燒機期間執行；請同時指定 --burn-in 時長</translation>
    </message>
    <message>
        <source>--sim-speed takes a number above 0 and at most 1000</source>
        <translation>--sim-speed 需要大於 0 且不超過 1000 的數字</translation>
    </message>
    <message>
        <source>--report takes the PDF&apos;s path, ending in .pdf (the HTML, JSON and CSV go beside it), not &quot;%1&quot;</source>
        <translation>--report 需要以 .pdf 結尾的 PDF 路徑（HTML、JSON 與 CSV 會放在旁邊），不接受「%1」</translation>
    </message>
    <message>
        <source>cannot write the report to %1: the folder %2 does not exist</source>
        <translation>無法把報告寫入 %1：資料夾 %2 不存在</translation>
    </message>
    <message>
        <source>cannot read the spec %1: %2</source>
        <translation>無法讀取規格 %1：%2</translation>
    </message>
    <message>
        <source>--sim-speed is for simulated hosts (sim:PROFILE) only; leave it out for real ones</source>
        <translation>--sim-speed 僅適用於模擬主機（sim:設定檔）；實體主機請勿指定</translation>
    </message>
    <message>
        <source>interrupted; stopping the load command on every host…</source>
        <translation>已中斷；正在停止每台主機上的負載指令…</translation>
    </message>
    <message>
        <source>cannot write the spec to %1: %2</source>
        <translation>無法把規格寫入 %1：%2</translation>
    </message>
    <message>
        <source>wrote the spec to %1</source>
        <translation>已把規格寫入 %1</translation>
    </message>
    <message>
        <source>writing the report…</source>
        <translation>正在寫出報告…</translation>
    </message>
    <message>
        <source>wrote %1, but could not record its SHA-256 in the audit log: %2</source>
        <translation>已寫出 %1，但無法把它的 SHA-256 記入稽核記錄：%2</translation>
    </message>
    <message>
        <source>wrote %1 (and %2, %3, %4)</source>
        <translation>已寫出 %1（以及 %2、%3、%4）</translation>
    </message>
    <message>
        <source>its SHA-256 %1 is audit entry %2</source>
        <translation>它的 SHA-256 %1 為稽核記錄第 %2 項</translation>
    </message>
    <message>
        <source>no report written: the run was interrupted before every check ran</source>
        <translation>未寫出報告：在所有檢查執行完之前就被中斷</translation>
    </message>
    <message>
        <source>FAIL (not reached: %1)</source>
        <translation>未通過（無法連線：%1）</translation>
    </message>
    <message>
        <source>%1 of 1 host passes</source>
        <translation>1 台主機中有 %1 台通過</translation>
    </message>
    <message>
        <source>%1 of %2 hosts pass</source>
        <translation>%2 台主機中有 %1 台通過</translation>
    </message>
    <message>
        <source>; interrupted before every check ran, so the rack does not pass</source>
        <translation>；在所有檢查執行完之前就被中斷，因此機架不算通過</translation>
    </message>
    <message>
        <source>--reapply and --accept do not go together</source>
        <translation>--reapply 與 --accept 不能同時使用</translation>
    </message>
    <message>
        <source>drift needs at least one HOST</source>
        <translation>drift 至少需要一個主機</translation>
    </message>
    <message>
        <source>nothing was re-applied: %1</source>
        <translation>未重新套用任何設定：%1</translation>
    </message>
    <message>
        <source>re-apply of push %1: %2</source>
        <translation>重新套用推送 %1：%2</translation>
    </message>
    <message>
        <source>FleetDeck has no pushed value of %1 to replace (see &apos;fleetdeck-cli drift %2&apos;)</source>
        <translation>FleetDeck 沒有 %1 的推送值可供取代（請見 &apos;fleetdeck-cli drift %2&apos;）</translation>
    </message>
    <message>
        <source>%1 has no single value of %2 to accept</source>
        <translation>%1 的 %2 沒有單一值可供採用</translation>
    </message>
    <message>
        <source>%1 is as pushed; nothing to accept</source>
        <translation>%1 與推送時相同；沒有可採用的變更</translation>
    </message>
    <message>
        <source>accepted %1 = %2 as desired (audit entry %3)</source>
        <translation>已採用 %1 = %2 作為期望值（稽核記錄第 %3 項）</translation>
    </message>
    <message>
        <source>no push to this host is recorded in the audit log: nothing to compare</source>
        <translation>稽核記錄中沒有推送到此主機的紀錄：無從比較</translation>
    </message>
    <message>
        <source>%1 of %2 pushed settings drifted (push %3)</source>
        <translation>%2 項推送的設定中有 %1 項偏移（推送 %3）</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>備註：%1</translation>
    </message>
    <message>
        <source>note: the host&apos;s journal has no verified transaction %1: the audit log says it was pushed, the host does not confirm it</source>
        <translation>備註：主機的日誌中沒有已驗證的交易 %1：稽核記錄說已推送，但主機未確認</translation>
    </message>
    <message>
        <source>the audit log cannot be read: %1</source>
        <translation>無法讀取稽核記錄：%1</translation>
    </message>
    <message>
        <source>cannot write %1: %2; choose a writable path</source>
        <translation>無法寫入 %1：%2；請選擇可寫入的路徑</translation>
    </message>
    <message>
        <source>unknown argument &apos;%1&apos;</source>
        <translation>未知的引數「%1」</translation>
    </message>
    <message>
        <source>give --targets FILE, --rules FILE or both</source>
        <translation>請指定 --targets 檔案、--rules 檔案，或兩者都指定</translation>
    </message>
    <message>
        <source>wrote %1 target(s) to %2</source>
        <translation>已把 %1 個目標寫入 %2</translation>
    </message>
    <message>
        <source>skipped (no address Prometheus can scrape): %1</source>
        <translation>已略過（沒有 Prometheus 可抓取的位址）：%1</translation>
    </message>
    <message>
        <source>wrote %1 alerting rule(s) to %2</source>
        <translation>已把 %1 條警示規則寫入 %2</translation>
    </message>
    <message>
        <source>no GPUs, nothing to check</source>
        <translation>沒有 GPU，無須檢查</translation>
    </message>
    <message>
        <source>healthy (1 GPU, no findings)</source>
        <translation>健康（1 張 GPU，沒有發現）</translation>
    </message>
    <message>
        <source>healthy (%1 GPUs, no findings)</source>
        <translation>健康（%1 張 GPU，沒有發現）</translation>
    </message>
    <message>
        <source>1 finding</source>
        <translation>1 項發現</translation>
    </message>
    <message>
        <source>%1 findings</source>
        <translation>%1 項發現</translation>
    </message>
    <message>
        <source>--watch takes a number of seconds, 1..%1</source>
        <translation>--watch 需要秒數，1..%1</translation>
    </message>
    <message>
        <source>watching %1 s for growing error counters…</source>
        <translation>監看 %1 秒，觀察錯誤計數是否增加…</translation>
    </message>
    <message>
        <source>--since takes a duration such as 30m, 6h or 7d (got &apos;%1&apos;)</source>
        <translation>--since 需要時長，例如 30m、6h 或 7d（收到「%1」）</translation>
    </message>
    <message>
        <source>--host takes a host name</source>
        <translation>--host 需要主機名稱</translation>
    </message>
    <message>
        <source>--db takes a file</source>
        <translation>--db 需要檔案</translation>
    </message>
    <message>
        <source>no history yet: %1 does not exist (the FleetDeck desktop app records history while it runs)</source>
        <translation>尚無歷史資料：%1 不存在（FleetDeck 桌面應用程式執行時才會記錄歷史）</translation>
    </message>
    <message>
        <source>cannot read the history: %1</source>
        <translation>無法讀取歷史資料：%1</translation>
    </message>
    <message>
        <source>events takes no HOST (use --host NAME)</source>
        <translation>events 不接受主機引數（請用 --host 名稱）</translation>
    </message>
    <message>
        <source>no incidents in the last %1</source>
        <translation>最近 %1 內沒有事件</translation>
    </message>
    <message>
        <source>no incidents on %1 in the last %2</source>
        <translation>最近 %2 內 %1 沒有事件</translation>
    </message>
    <message>
        <source>START</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>END</source>
        <translation>結束</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>SEVERITY</source>
        <translation>嚴重程度</translation>
    </message>
    <message>
        <source>history takes one HOST, e.g. &apos;fleetdeck-cli history gpu-a3 --since 6h&apos;</source>
        <translation>history 只接受一個主機，例如 &apos;fleetdeck-cli history gpu-a3 --since 6h&apos;</translation>
    </message>
    <message>
        <source>nothing recorded in that time</source>
        <translation>這段時間內沒有任何紀錄</translation>
    </message>
    <message>
        <source>%1 points, %2 (every sample), from %3 to %4; GPU cells: temperature, utilization, * = throttled</source>
        <translation>%1 個資料點，%2（每個樣本），從 %3 到 %4；GPU 欄位：溫度、使用率，* = 降頻</translation>
    </message>
    <message>
        <source>%1 points, %2 means, from %3 to %4; GPU cells: temperature, utilization, * = throttled</source>
        <translation>%1 個資料點，%2 平均，從 %3 到 %4；GPU 欄位：溫度、使用率，* = 降頻</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒內沒有回應</translation>
    </message>
    <message>
        <source>%1 takes a number (got &apos;%2&apos;)</source>
        <translation>%1 需要數字（收到「%2」）</translation>
    </message>
    <message>
        <source>--port %1 is out of range 1..65535</source>
        <translation>--port %1 超出範圍 1..65535</translation>
    </message>
    <message>
        <source>--first-unit, --unit-height and --direction place hosts in a rack: give --rack R too</source>
        <translation>--first-unit、--unit-height 與 --direction 用於把主機放入機架：請同時指定 --rack 機架</translation>
    </message>
    <message>
        <source>--rack %1 needs --first-unit N: the unit of the first host</source>
        <translation>--rack %1 需要 --first-unit N：第一台主機的單位</translation>
    </message>
    <message>
        <source>--direction takes top-down or bottom-up (got &apos;%1&apos;)</source>
        <translation>--direction 只接受 top-down 或 bottom-up（收到「%1」）</translation>
    </message>
    <message>
        <source>%1 new host(s) for %2</source>
        <translation>要加入 %2 的 %1 台新主機</translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation>位址</translation>
    </message>
    <message>
        <source>PORT</source>
        <translation>連接埠</translation>
    </message>
    <message>
        <source>UNITS</source>
        <translation>單位</translation>
    </message>
    <message>
        <source>Saved %1 host(s) to %2.</source>
        <translation>已把 %1 台主機儲存到 %2。</translation>
    </message>
    <message>
        <source>Dry run: nothing saved.</source>
        <translation>試執行：未儲存任何東西。</translation>
    </message>
    <message>
        <source>give a host PATTERN such as gpu-[01-16].dc2.example.net</source>
        <translation>請提供主機樣式，例如 gpu-[01-16].dc2.example.net</translation>
    </message>
    <message>
        <source>one PATTERN at a time (got %1 words)</source>
        <translation>一次只能一個樣式（收到 %1 個字詞）</translation>
    </message>
    <message>
        <source>%1; nothing saved</source>
        <translation>%1；未儲存任何東西</translation>
    </message>
    <message>
        <source>refused, nothing saved; %1 clash(es) to resolve (rename, place elsewhere or remove the host that is in the way):</source>
        <translation>已拒絕，未儲存任何東西；有 %1 個衝突需要解決（重新命名、放到別處，或移除擋住位置的主機）：</translation>
    </message>
    <message>
        <source>IDENTITY</source>
        <translation>身分檔案</translation>
    </message>
    <message>
        <source>JUMP</source>
        <translation>跳板</translation>
    </message>
    <message>
        <source>TAGS</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>name the hosts to remove</source>
        <translation>請指定要移除的主機</translation>
    </message>
    <message>
        <source>not in %1: %2; nothing removed (&apos;inventory list&apos; shows the names)</source>
        <translation>不在 %1 中：%2；未移除任何主機（&apos;inventory list&apos; 會列出名稱）</translation>
    </message>
    <message>
        <source>Would remove %1 host(s); dry run: nothing saved.</source>
        <translation>將會移除 %1 台主機；試執行：未儲存任何東西。</translation>
    </message>
    <message>
        <source>Removed %1 host(s) from %2.</source>
        <translation>已從 %2 移除 %1 台主機。</translation>
    </message>
    <message>
        <source>%1 is for &apos;inventory add&apos;</source>
        <translation>%1 只用於 &apos;inventory add&apos;</translation>
    </message>
    <message>
        <source>p50 round trip, source (row) → target (column)</source>
        <translation>p50 往返時間，來源（列）→ 目標（欄）</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>遺失</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>無資料</translation>
    </message>
    <message>
        <source>--count takes 1..100</source>
        <translation>--count 只接受 1..100</translation>
    </message>
    <message>
        <source>mesh needs at least two HOSTs</source>
        <translation>mesh 至少需要兩個主機</translation>
    </message>
    <message>
        <source>simulated and real hosts cannot measure each other; list only one kind</source>
        <translation>模擬主機與實體主機無法互相量測；請只列出其中一種</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <source>No slow or lossy links.</source>
        <translation>沒有緩慢或有遺失的鏈路。</translation>
    </message>
    <message>
        <source>Findings:</source>
        <translation>發現：</translation>
    </message>
    <message>
        <source>--export takes sysctl.d, tuned or ansible, not &apos;%1&apos;</source>
        <translation>--export 只接受 sysctl.d、tuned 或 ansible，不接受「%1」</translation>
    </message>
    <message>
        <source>--output FILE goes with --export sysctl.d|tuned|ansible</source>
        <translation>--output 檔案 必須搭配 --export sysctl.d|tuned|ansible</translation>
    </message>
    <message>
        <source>--export needs --output FILE</source>
        <translation>--export 需要 --output 檔案</translation>
    </message>
    <message>
        <source>%1 does not make a profile name (1-64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;): add --profile-name NAME</source>
        <translation>%1 無法作為設定檔名稱（1-64 個字母、數字、&apos;.&apos;、&apos;_&apos; 或 &apos;-&apos;）：請加上 --profile-name 名稱</translation>
    </message>
    <message>
        <source>--profile-name &apos;%1&apos; is not a valid profile name: use 1-64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;</source>
        <translation>--profile-name「%1」不是有效的設定檔名稱：請使用 1-64 個字母、數字、&apos;.&apos;、&apos;_&apos; 或 &apos;-&apos;</translation>
    </message>
    <message>
        <source>plan needs --answers FILE</source>
        <translation>plan 需要 --answers 檔案</translation>
    </message>
    <message>
        <source>plan needs either --facts FILE or at least one HOST (try &apos;local&apos;)</source>
        <translation>plan 需要 --facts 檔案，或至少一個主機（可試試 &apos;local&apos;）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>無法讀取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON</source>
        <translation>%1 不是有效的 JSON</translation>
    </message>
    <message>
        <source>no host was planned: nothing saved or exported</source>
        <translation>沒有為任何主機擬定計畫：未儲存也未匯出任何東西</translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s), from %1</source>
        <translation>
            <numerusform>%n 項設定，來自 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>profile not saved: %1</source>
        <translation>設定檔未儲存：%1</translation>
    </message>
    <message>
        <source>saved profile &quot;%1&quot; to %2 (%3)</source>
        <translation>已將設定檔「%1」儲存到 %2（%3）</translation>
    </message>
    <message>
        <source>not exported: %1</source>
        <translation>未匯出：%1</translation>
    </message>
    <message>
        <source>exported %1 to %2 (%3)</source>
        <translation>已將 %1 匯出到 %2（%3）</translation>
    </message>
    <message>
        <source>rule catalogue: %1</source>
        <translation>規則目錄：%1</translation>
    </message>
    <message>
        <source>%1 holds no host facts</source>
        <translation>%1 沒有任何主機資訊</translation>
    </message>
    <message>
        <source>--parallel needs a number from 1 to 256</source>
        <translation>--parallel 需要 1 到 256 之間的數字</translation>
    </message>
    <message>
        <source>nothing was pushed: %1</source>
        <translation>未推送任何設定：%1</translation>
    </message>
    <message>
        <source>apply needs --profile FILE and at least one HOST (try &apos;local&apos;)</source>
        <translation>apply 需要 --profile 檔案 與至少一個主機（可試試 &apos;local&apos;）</translation>
    </message>
    <message>
        <source>%1 matches no host in %2 (%3) nor a Host in %4; name a host, @group, rack:NAME, tag:NAME or all (&apos;fleetdeck-cli inventory list --inventory %2&apos; shows them), or give an address as user@host or host:port</source>
        <translation>%1 不符合 %2（%3）中的任何主機，也不是 %4 中的 Host；請指定主機、@群組、rack:名稱、tag:名稱或 all（&apos;fleetdeck-cli inventory list --inventory %2&apos; 會列出它們），或以 使用者@主機 或 主機:連接埠 的形式提供位址</translation>
    </message>
    <message>
        <source>%1 selects %2 hosts; name one</source>
        <translation>%1 選取了 %2 台主機；請只指定一台</translation>
    </message>
    <message>
        <source>The authenticity of host &apos;%1&apos; (port %2) can&apos;t be established.
%3 key fingerprint is %4.
Are you sure you want to continue connecting and record it in %5 (yes/no)? </source>
        <translation>無法確認主機「%1」（連接埠 %2）的真實性。
%3 金鑰指紋為 %4。
確定要繼續連線並將其記錄到 %5 嗎（請輸入 yes 或 no）？</translation>
    </message>
    <message>
        <source>Enter passphrase for key &apos;%1&apos;: </source>
        <translation>請輸入金鑰「%1」的密碼短語：</translation>
    </message>
    <message>
        <source>%1@%2&apos;s password: </source>
        <translation>%1@%2 的密碼：</translation>
    </message>
    <message>
        <source>%1; &apos;%2 --help&apos; lists its options</source>
        <translation>%1；&apos;%2 --help&apos; 會列出它的選項</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source> (%1 critical)</source>
        <translation>（%1 項嚴重）</translation>
    </message>
    <message>
        <source> (transaction %1)</source>
        <translation>（交易 %1）</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>interrupted before it answered</source>
        <translation>在回應前被中斷</translation>
    </message>
    <message>
        <source>interrupted; each host as its last reading found it</source>
        <translation>已中斷；以下為每台主機最後一次讀取的狀態</translation>
    </message>
    <message>
        <source>interrupted; the hosts being changed finish their transaction, the others are skipped…</source>
        <translation>已中斷；正在變更的主機會完成其交易，其餘主機略過…</translation>
    </message>
    <message>
        <source>every process on every GPU of the hosts, with its user, memory and job</source>
        <translation>主機上每張 GPU 的每個程序，及其使用者、記憶體與工作</translation>
    </message>
    <message>
        <source>Lists every process on every GPU of each HOST, like gpustat for a fleet: the host, GPU, pid, user, command, GPU memory, SM share and the Slurm job, container, pod or unit it belongs to. A GPU without a process says how much memory is in use.</source>
        <translation>列出每台主機上每張 GPU 的每個程序，如同整個機群的 gpustat：主機、GPU、pid、使用者、指令、GPU 記憶體、SM 佔比，以及所屬的 Slurm 工作、容器、pod 或 unit。沒有程序的 GPU 會顯示已使用多少記憶體。</translation>
    </message>
    <message>
        <source>read again every 2 s for SECONDS (1..3600) over the same connections; --json writes one line per reading</source>
        <translation>在相同連線上每 2 秒重新讀取一次，持續此秒數（1..3600）；--json 每次讀取輸出一行</translation>
    </message>
    <message>
        <source>130 when interrupted (143 on SIGTERM).</source>
        <translation>中斷時為 130（SIGTERM 時為 143）。</translation>
    </message>
    <message>
        <source>Who is on the rack&apos;s GPUs, for a minute:</source>
        <translation>一分鐘內誰在使用機架上的 GPU：</translation>
    </message>
    <message>
        <source>why each GPU is slow or idle: a verdict per GPU with its evidence and what to do</source>
        <translation>每張 GPU 為何變慢或閒置：每張 GPU 的判定、依據與處理方式</translation>
    </message>
    <message>
        <source>Watches each HOST for the window and gives each GPU a verdict: busy, idle, held_idle (a process holds it and does nothing for 10 min), power_capped, thermal_capped, input_bound, comm_bound, memory_bound, pcie_bound or unknown, with the figures that made it and what to do (docs/efficiency.md). --json: per host its verdict and gpus[], each with verdict, evidence and text.</source>
        <translation>在觀察期間監看每台主機，並給每張 GPU 一個判定：busy、idle、held_idle（有程序佔用卻 10 分鐘沒有工作）、power_capped、thermal_capped、input_bound、comm_bound、memory_bound、pcie_bound 或 unknown，附上做出判定的數據與處理方式（docs/efficiency.md）。--json：每台主機的 verdict 與 gpus[]，每項含 verdict、evidence 與 text。</translation>
    </message>
    <message>
        <source>how long to watch, 3s..24h (default 60s); 12m can see a 10-minute held idle</source>
        <translation>監看多久，3s..24h（預設 60s）；12m 才看得出 10 分鐘的佔用閒置</translation>
    </message>
    <message>
        <source>simulated hosts (sim:...) only, for tests and demos: X simulated seconds per real second, the window included</source>
        <translation>僅限模擬主機（sim:...），供測試與展示用：每實際一秒等於 X 模擬秒，觀察期間也一樣</translation>
    </message>
    <message>
        <source>7 when a GPU is held idle, capped or bound; 130 when interrupted (143 on SIGTERM).</source>
        <translation>有 GPU 佔用閒置、受限或遇到瓶頸時為 7；中斷時為 130（SIGTERM 時為 143）。</translation>
    </message>
    <message>
        <source>Two servers over twelve minutes:</source>
        <translation>兩台伺服器，觀察十二分鐘：</translation>
    </message>
    <message>
        <source>A simulated held-idle host, a hundred times faster:</source>
        <translation>一台模擬的佔用閒置主機，以百倍速度執行：</translation>
    </message>
    <message>
        <source>--window takes a duration from 3s to 24h, such as 60s or 12m (got &apos;%1&apos;)</source>
        <translation>--window 需要 3s 到 24h 的時間長度，例如 60s 或 12m（收到「%1」）</translation>
    </message>
    <message>
        <source>watching for %1 s…</source>
        <translation>監看 %1 秒…</translation>
    </message>
    <message>
        <source>interrupted; each host judged on what it sent so far</source>
        <translation>已中斷；每台主機依目前已送來的資料判定</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>JOB / CONTAINER</source>
        <translation>工作 / 容器</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>沒有 GPU</translation>
    </message>
    <message>
        <source>(the driver does not list processes; GPU %1 busy)</source>
        <translation>（驅動程式不列出程序；GPU 忙碌 %1）</translation>
    </message>
    <message>
        <source>(no process; %1 of memory in use)</source>
        <translation>（沒有程序；已使用 %1 記憶體）</translation>
    </message>
    <message>
        <source>GPU-hours per day: busy, held idle, idle and offline, with their cost and the top wasters</source>
        <translation>每日 GPU 時數：忙碌、佔用閒置、閒置與離線，及其成本與浪費最多者</translation>
    </message>
    <message>
        <source>The GPU-hours the history store recorded, per UTC day and in total: busy, held idle, idle and offline, by host, group, rack, user or job, with their cost where the inventory gives a price per GPU-hour (docs/inventory.md, &quot;Prices&quot;), the top wasters, and which days have records: FleetDeck records only while it runs. Contacts no host (docs/efficiency.md).</source>
        <translation>歷史資料庫記錄的 GPU 時數，依 UTC 日與總計：忙碌、佔用閒置、閒置與離線，可依主機、群組、機架、使用者或工作分列；主機清單有每 GPU 小時價格時附上成本（docs/inventory.md，「Prices」），並列出浪費最多者，以及哪些日子有記錄：FleetDeck 只在執行時記錄。不連線任何主機（docs/efficiency.md）。</translation>
    </message>
    <message>
        <source>how far back: 6h, 7d, 30d (default 7d)</source>
        <translation>往回多久：6h、7d、30d（預設 7d）</translation>
    </message>
    <message>
        <source>KEY</source>
        <translation>分類</translation>
    </message>
    <message>
        <source>split by fleet, host (default), group, rack, user or job</source>
        <translation>依 fleet、host（預設）、group、rack、user 或 job 分列</translation>
    </message>
    <message>
        <source>the inventory with the groups, racks and prices (default: the saved one)</source>
        <translation>含群組、機架與價格的主機清單（預設：已儲存的清單）</translation>
    </message>
    <message>
        <source>one JSON document: days, totals, top wasters and the days covered</source>
        <translation>一份 JSON 文件：每日、總計、浪費最多者與涵蓋的日子</translation>
    </message>
    <message>
        <source>CSV, one row per day and key</source>
        <translation>CSV，每日每個分類一行</translation>
    </message>
    <message>
        <source>Last month&apos;s GPU-hours by user, for a spreadsheet:</source>
        <translation>上個月依使用者分列的 GPU 時數，供試算表使用：</translation>
    </message>
    <message>
        <source>--by takes fleet, host, group, rack, user or job (got &apos;%1&apos;)</source>
        <translation>--by 需要 fleet、host、group、rack、user 或 job（收到「%1」）</translation>
    </message>
    <message>
        <source>--json and --csv: choose one</source>
        <translation>--json 與 --csv：請擇一</translation>
    </message>
    <message>
        <source>utilization takes no HOST; --by host splits by host</source>
        <translation>utilization 不接受主機；--by host 會依主機分列</translation>
    </message>
    <message>
        <source>BUSY</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>HELD IDLE</source>
        <translation>佔用閒置</translation>
    </message>
    <message>
        <source>IDLE</source>
        <translation>閒置</translation>
    </message>
    <message>
        <source>OFFLINE</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>TOTAL</source>
        <translation>總計</translation>
    </message>
    <message>
        <source>COST</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>WASTED</source>
        <translation>浪費</translation>
    </message>
    <message>
        <source>GPU-hours from %1 to %2 (UTC), recorded while FleetDeck ran; days with records:</source>
        <translation>%1 至 %2（UTC）的 GPU 時數，於 FleetDeck 執行期間記錄；有記錄的日子：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>%1 GPU-h</source>
        <translation>%1 GPU 小時</translation>
    </message>
    <message>
        <source>(%1 GPU readings recorded before FleetDeck kept verdicts are not counted)</source>
        <translation>（FleetDeck 保存判定之前記錄的 %1 筆 GPU 讀數不計入）</translation>
    </message>
    <message>
        <source>FLEET</source>
        <translation>機群</translation>
    </message>
    <message>
        <source>(cost in %1)</source>
        <translation>（成本單位：%1）</translation>
    </message>
    <message>
        <source>Top wasters (held idle):</source>
        <translation>浪費最多者（佔用閒置）：</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小時</translation>
    </message>
    <message>
        <source>TCP Gb/s, sender (row) → receiver (column)</source>
        <translation>TCP Gb/s，傳送端（列）→ 接收端（欄）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>NIC under test</source>
        <translation>受測的網路卡</translation>
    </message>
    <message>
        <source>--duration takes 1s..20s (a number of seconds, or with s)</source>
        <translation>--duration 接受 1s..20s（秒數，可加 s）</translation>
    </message>
    <message>
        <source>--streams takes 1..16</source>
        <translation>--streams 接受 1..16</translation>
    </message>
    <message>
        <source>bandwidth needs at least two HOSTs</source>
        <translation>bandwidth 至少需要兩台主機</translation>
    </message>
    <message>
        <source>bandwidth: %1 hosts, %2 rounds of %3 s each way (about %4 min); Ctrl-C stops every test</source>
        <translation>bandwidth：%1 台主機，%2 輪，每個方向 %3 秒（約 %4 分鐘）；按 Ctrl-C 可停止所有測試</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Every pair carries what its NICs promise.</source>
        <translation>每一對主機都達到其網路卡應有的頻寬。</translation>
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
        <source>the bandwidth matrix among hosts: every pair sends TCP both ways, agent to agent</source>
        <translation>主機之間的頻寬矩陣：每一對主機由 agent 對 agent 雙向傳送 TCP</translation>
    </message>
    <message>
        <source>Every pair of HOSTs sends TCP to each other, agent to agent over the mesh addresses, in rounds in which no host is in two tests at once; the matrix of Gb/s is printed, then the findings: slow hosts and paths, one-sided paths, retransmissions, MTU mismatches and NICs that negotiated less than their peers.</source>
        <translation>每一對主機由 agent 對 agent 透過網狀位址互相傳送 TCP，分輪進行，同一輪中沒有主機同時參與兩項測試；先顯示以 Gb/s 表示的矩陣，再列出發現：緩慢的主機與路徑、單向受限的路徑、重送、MTU 不一致，以及協商速度低於同儕的網路卡。</translation>
    </message>
    <message>
        <source>each direction&apos;s test, 1s..20s (default 5s)</source>
        <translation>每個方向的測試時間，1s..20s（預設 5s）</translation>
    </message>
    <message>
        <source>parallel TCP streams per test, 1..16 (default 4)</source>
        <translation>每項測試的平行 TCP 串流數，1..16（預設 4）</translation>
    </message>
    <message>
        <source>also write the pairs as CSV to FILE</source>
        <translation>同時將各對結果以 CSV 寫入檔案</translation>
    </message>
    <message>
        <source>A rack&apos;s pairs, 10 s each way with 8 streams:</source>
        <translation>一個機架的所有主機對，每個方向 10 秒、8 個串流：</translation>
    </message>
    <message>
        <source>--full-up-to takes 2..100000</source>
        <translation>--full-up-to 接受 2..100000</translation>
    </message>
    <message>
        <source>--rotation takes 0..1000000</source>
        <translation>--rotation 接受 0..1000000</translation>
    </message>
    <message>
        <source>bandwidth: more than %1 hosts: the pairs within each rack and one partner per host in another rack (rotation %2; --rotation picks another, --full-up-to measures every pair)</source>
        <translation>bandwidth：超過 %1 台主機：量測每個機架內的各對，以及每台主機在其他機架的一個夥伴（輪替 %2；--rotation 可選其他夥伴，--full-up-to 可量測每一對）</translation>
    </message>
    <message>
        <source>measure every pair up to N hosts (default 64); above, the pairs within each rack and one rotating partner per host in another rack</source>
        <translation>最多 N 台主機時量測每一對（預設 64）；超過時，量測每個機架內的各對，以及每台主機在其他機架的一個輪替夥伴</translation>
    </message>
    <message>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <source>above --full-up-to: which partners across racks this run takes (default 0; each K gives other partners, every pair within N - 1 runs)</source>
        <translation>超過 --full-up-to 時：本次執行採用哪些跨機架夥伴（預設 0；每個 K 給出不同的夥伴，N - 1 次執行內涵蓋每一對）</translation>
    </message>
    <message>
        <source>Checks each HOST&apos;s GPUs: lost GPUs, memory errors and row remaps, XIDs, NVLink and PCIe replays; and its network links: growing InfiniBand and NIC error counters. Each finding with what to do.</source>
        <translation>檢查每台主機的 GPU：遺失的 GPU、記憶體錯誤與 row remap、XID、NVLink 與 PCIe 重送；以及網路連結：持續增加的 InfiniBand 與網路卡錯誤計數。每項發現都附上處理方式。</translation>
    </message>
    <message>
        <source>the data path&apos;s read speed per host: sequential reads of a directory, in MB/s</source>
        <translation>每台主機資料路徑的讀取速度：循序讀取一個目錄，單位 MB/s</translation>
    </message>
    <message>
        <source>Each HOST reads the directory --path sequentially (O_DIRECT where the file system takes it): a file there (--file), or a test file its agent writes, reads and removes, refused where the file system has less than twice its size free. Hosts go one at a time; then MB/s per host and the hosts well under the others&apos; median.</source>
        <translation>每台 HOST 循序讀取目錄 --path（檔案系統支援時使用 O_DIRECT）：讀取其中的一個檔案（--file），或由其代理程式寫入、讀取後刪除的測試檔；檔案系統的可用空間少於測試檔兩倍時拒絕執行。主機逐台進行；之後列出每台主機的 MB/s，以及明顯低於其他主機中位數的主機。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>目錄</translation>
    </message>
    <message>
        <source>the directory to read, absolute (the dataset&apos;s mount); required</source>
        <translation>要讀取的目錄，須為絕對路徑（資料集的掛載點）；必填</translation>
    </message>
    <message>
        <source>read this file in DIR instead of writing a test file</source>
        <translation>讀取目錄中的這個檔案，而不寫入測試檔</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>the test file&apos;s size, or at most this much of --file, 16M..64G (default 1G)</source>
        <translation>測試檔的大小，或 --file 最多讀取的量，16M..64G（預設 1G）</translation>
    </message>
    <message>
        <source>stop reading after this long, 1s..120s (default 30s)</source>
        <translation>讀取超過這段時間即停止，1s..120s（預設 30s）</translation>
    </message>
    <message>
        <source>every host at once (a shared file server&apos;s total), not one at a time</source>
        <translation>所有主機同時進行（量測共用檔案伺服器的總量），而非逐台</translation>
    </message>
    <message>
        <source>0 when every host reads alike, 7 when a host reads under 60 % of the hosts&apos; median (3 hosts or more), 130 when interrupted.</source>
        <translation>每台主機讀取速度相近時為 0；有主機低於各主機中位數的 60 % 時為 7（3 台以上）；中斷時為 130。</translation>
    </message>
    <message>
        <source>The dataset mount of a rack, with a 4 GB test file:</source>
        <translation>一個機櫃的資料集掛載點，使用 4 GB 測試檔：</translation>
    </message>
    <message>
        <source>READ</source>
        <translation>讀取方式</translation>
    </message>
    <message>
        <source>FILE SYSTEM</source>
        <translation>檔案系統</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <source>page cache</source>
        <translation>頁面快取</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未量測</translation>
    </message>
    <message>
        <source>read-speed needs --path DIR, an absolute directory on the hosts</source>
        <translation>read-speed 需要 --path 目錄，即主機上的絕對路徑目錄</translation>
    </message>
    <message>
        <source>--file takes a file name in --path, without &apos;/&apos;</source>
        <translation>--file 需為 --path 中的檔名，不可含 &apos;/&apos;</translation>
    </message>
    <message>
        <source>--size takes 16M..64G</source>
        <translation>--size 可用 16M..64G</translation>
    </message>
    <message>
        <source>--time takes 1s..120s</source>
        <translation>--time 可用 1s..120s</translation>
    </message>
    <message>
        <source>read-speed: %1/%2 on %3 host(s), %4; Ctrl-C stops the read</source>
        <translation>read-speed：在 %3 台主機上讀取 %1/%2，%4；按 Ctrl-C 停止讀取</translation>
    </message>
    <message>
        <source>read-speed: %1 on %3 host(s), %4, each writing a %2 test file it removes after; Ctrl-C stops the test and removes the file</source>
        <translation>read-speed：在 %3 台主機上讀取 %1，%4，每台寫入一個 %2 的測試檔並於結束後刪除；按 Ctrl-C 停止測試並刪除檔案</translation>
    </message>
    <message>
        <source>all at once</source>
        <translation>同時進行</translation>
    </message>
    <message>
        <source>one at a time</source>
        <translation>逐台進行</translation>
    </message>
    <message>
        <source>median %1 MB/s</source>
        <translation>中位數 %1 MB/s</translation>
    </message>
    <message>
        <source>Every host reads the path alike.</source>
        <translation>每台主機讀取此路徑的速度相近。</translation>
    </message>
    <message>
        <source>--compare last: no stored run in %1 (run once with --save)</source>
        <translation>--compare last：%1 中沒有已保存的執行結果（請先以 --save 執行一次）</translation>
    </message>
    <message>
        <source>stored as %1</source>
        <translation>已保存為 %1</translation>
    </message>
    <message>
        <source>No pair changed by 10 % or more since the run of %1.</source>
        <translation>自 %1 的那次執行以來，沒有任何一對主機的變化達到 10 % 以上。</translation>
    </message>
    <message>
        <source>Changed since the run of %1:</source>
        <translation>自 %1 的那次執行以來的變化：</translation>
    </message>
    <message>
        <source>keep the run among the stored runs ($XDG_DATA_HOME/fleetdeck/bandwidth), for a later --compare</source>
        <translation>將這次執行保存到已保存的執行結果中（$XDG_DATA_HOME/fleetdeck/bandwidth），供之後以 --compare 比較</translation>
    </message>
    <message>
        <source>RUN</source>
        <translation>執行結果</translation>
    </message>
    <message>
        <source>say which pairs changed by 10 % or more since RUN: &apos;last&apos; (the newest stored run) or a stored run&apos;s file</source>
        <translation>列出自 RUN 以來變化達 10 % 以上的主機對：&apos;last&apos;（最新保存的執行結果）或某個已保存執行結果的檔案</translation>
    </message>
    <message>
        <source>RDMA (ib_write_bw) Gb/s, sender (row) → receiver (column)</source>
        <translation>RDMA（ib_write_bw）Gb/s，傳送端（列）→ 接收端（欄）</translation>
    </message>
    <message>
        <source>Port under test</source>
        <translation>受測連接埠</translation>
    </message>
    <message>
        <source>then the same rounds over RDMA (ib_write_bw) where both hosts have an active port</source>
        <translation>接著在兩台主機都有作用中連接埠時，以 RDMA（ib_write_bw）再跑同樣的輪次</translation>
    </message>
    <message>
        <source>then NCCL&apos;s all_reduce_perf inside every host at once (a few minutes at most)</source>
        <translation>接著在每台主機內同時執行 NCCL 的 all_reduce_perf（最多數分鐘）</translation>
    </message>
    <message>
        <source>NCCL inside each host (all_reduce_perf, bus bandwidth at the largest size):</source>
        <translation>每台主機內的 NCCL（all_reduce_perf，最大資料量時的匯流排頻寬）：</translation>
    </message>
    <message>
        <source>(board: %1 GB/s, %2)</source>
        <translation>（此機板：%1 GB/s，%2）</translation>
    </message>
    <message>
        <source>a bandwidth round among the hosts (TCP both ways, 5 s each); each host&apos;s slowest pair is a fact of the spec, learned from the golden host</source>
        <translation>主機間跑一輪頻寬測試（TCP 雙向，各 5 秒）；每台主機最慢的一對列為規格項目，由標準主機學得</translation>
    </message>
    <message>
        <source>with --bandwidth: the same pairs over RDMA (ib_write_bw)</source>
        <translation>搭配 --bandwidth：同樣的主機對改以 RDMA（ib_write_bw）測試</translation>
    </message>
    <message>
        <source>with --bandwidth: all_reduce_perf inside each host</source>
        <translation>搭配 --bandwidth：在每台主機內執行 all_reduce_perf</translation>
    </message>
    <message>
        <source>read DIR sequentially on each host, one at a time (a 1 GB test file written and removed); the speed is a fact of the spec</source>
        <translation>逐台在每台主機上循序讀取 DIR（寫入並移除一個 1 GB 測試檔）；速度列為規格項目</translation>
    </message>
    <message>
        <source>then the same pairs over RDMA with perftest&apos;s ib_write_bw between the hosts&apos; active InfiniBand/RoCE ports</source>
        <translation>接著以 perftest 的 ib_write_bw，在主機作用中的 InfiniBand/RoCE 連接埠之間以 RDMA 測試同樣的主機對</translation>
    </message>
    <message>
        <source>last, nccl-tests&apos; all_reduce_perf across each host&apos;s GPUs, judged against what its board should reach</source>
        <translation>最後在每台主機的 GPU 間執行 nccl-tests 的 all_reduce_perf，並與其機板應達的數值比較</translation>
    </message>
    <message>
        <source>0 when every pair carries what its NICs promise, 7 when a finding is critical (a slow host or path, a NIC below its peers, NCCL under its board&apos;s figure), 130 when interrupted.</source>
        <translation>每對主機都達到網卡應有的頻寬時為 0，有重大發現（主機或路徑過慢、網卡低於同儕、NCCL 低於機板數值）時為 7，中斷時為 130。</translation>
    </message>
    <message>
        <source>--rdma and --nccl run in the bandwidth round; give --bandwidth too</source>
        <translation>--rdma 與 --nccl 在頻寬測試輪中執行；請一併指定 --bandwidth</translation>
    </message>
    <message>
        <source>--data-path takes an absolute directory on the hosts</source>
        <translation>--data-path 需要主機上的絕對路徑目錄</translation>
    </message>
    <message>
        <source>each rack&apos;s power against its feeds&apos; budgets, and the inlet air</source>
        <translation>每個機架的功率與其供電線路預算的對照，以及進氣溫度</translation>
    </message>
    <message>
        <source>Reads each host&apos;s input power from its BMC (or estimated where it has none), its inlet and exhaust air; for each rack, each feed&apos;s load now and at the peak against its budget (fleetdeck-cli inventory feed), what it would carry if another feed failed, and the findings: a feed over budget, a rack that would not survive losing a feed, inlet air above 27 °C, recirculation, a hot GPU breathing cool air, a large exhaust rise (docs/power.md).</source>
        <translation>從每台主機的 BMC 讀取其輸入功率（沒有 BMC 時為估計值）與進氣、排氣溫度；對每個機架，列出每條供電線路目前與尖峰時的負載及其預算（fleetdeck-cli inventory feed）、另一條線路斷電時它要承擔多少，以及各項發現：供電線路超出預算、機架無法承受失去一條線路、進氣高於 27 °C、熱風回流、吸入冷空氣卻過熱的 GPU、排氣溫升過大（docs/power.md）。</translation>
    </message>
    <message>
        <source>RACK|HOST...</source>
        <translation>機架|主機...</translation>
    </message>
    <message>
        <source>an inventory rack&apos;s name (or rack:NAME), or hosts as every command takes them</source>
        <translation>主機清單中的機架名稱（或 rack:名稱），或與其他指令相同的主機寫法</translation>
    </message>
    <message>
        <source>the embedded demo racks (simulated hosts with their feeds) instead of HOSTs</source>
        <translation>改用內建的示範機架（含供電線路的模擬主機），不指定主機</translation>
    </message>
    <message>
        <source>7 when a feed is over its budget (now, at the peak or with another feed lost) or a finding is critical.</source>
        <translation>有供電線路超出預算（目前、尖峰時或另一條線路斷電時）或有嚴重發現時為 7。</translation>
    </message>
    <message>
        <source>Rack r7 of the inventory:</source>
        <translation>主機清單中的機架 r7：</translation>
    </message>
    <message>
        <source>The demo racks, as JSON:</source>
        <translation>示範機架，以 JSON 輸出：</translation>
    </message>
    <message>
        <source>--answers FILE (--facts FILE | HOST...) | --fit-power RACK</source>
        <translation>--answers 檔案 (--facts 檔案 | 主機...) | --fit-power 機架</translation>
    </message>
    <message>
        <source>instead of --answers: GPU power limits that keep RACK within its feeds&apos; budgets at full load, from what its hosts draw (docs/power.md); with --save-profile the profile &apos;apply&apos; pushes</source>
        <translation>取代 --answers：依主機實際耗電，算出讓機架在滿載時仍在供電線路預算內的 GPU 功率上限（docs/power.md）；搭配 --save-profile 會存成 &apos;apply&apos; 可推送的設定檔</translation>
    </message>
    <message>
        <source>with --fit-power: a rack of the embedded demo racks</source>
        <translation>搭配 --fit-power：使用內建示範機架中的機架</translation>
    </message>
    <message>
        <source>GPU power limits that fit rack r7&apos;s feeds, saved to push:</source>
        <translation>符合機架 r7 供電線路的 GPU 功率上限，存檔以便推送：</translation>
    </message>
    <message>
        <source>add|remove|list|assign RACK|HOST...</source>
        <translation>add|remove|list|assign 機架|主機...</translation>
    </message>
    <message>
        <source>a rack&apos;s power feeds and which feeds each host draws from</source>
        <translation>機架的供電線路，以及每台主機取電的線路</translation>
    </message>
    <message>
        <source>Records a rack&apos;s power feeds as the colocation contract sells them: &apos;add RACK&apos; a feed of --volts and --amps, single- or three-phase, of which a continuous load may draw --derating percent (default 80, the US electrical code&apos;s continuous-load rule); its budget is V x A x derating, x sqrt(3) for three phases (V line to line). &apos;remove RACK --name A&apos; drops one, &apos;list&apos; shows them with their budgets, &apos;assign HOST... --feeds A+B&apos; says which feeds a host&apos;s supplies plug into (default: all of its rack&apos;s; &apos;all&apos; goes back to that). fleetdeck-cli power and the Racks view weigh each feed&apos;s load against its budget (docs/power.md).</source>
        <translation>依機房租約所賣的電路記錄機架的供電線路：&apos;add 機架&apos; 新增一條 --volts、--amps 的單相或三相線路，連續負載只能用到 --derating 百分比（預設 80，美國電氣法規的連續負載規則）；其預算為 V x A x 降額，三相再乘以 sqrt(3)（V 為線電壓）。&apos;remove 機架 --name A&apos; 移除一條，&apos;list&apos; 列出各線路與其預算，&apos;assign 主機... --feeds A+B&apos; 指定主機的電源插在哪些線路（預設：其機架的所有線路；&apos;all&apos; 恢復預設）。fleetdeck-cli power 與「機架」檢視會把每條線路的負載與其預算比對（docs/power.md）。</translation>
    </message>
    <message>
        <source>the feed&apos;s name: A, B</source>
        <translation>線路名稱：A、B</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>the circuit&apos;s voltage (line to line for three phases): 208, 230, 415</source>
        <translation>電路電壓（三相為線電壓）：208、230、415</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>the breaker&apos;s rating in amperes</source>
        <translation>斷路器的額定電流（安培）</translation>
    </message>
    <message>
        <source>1 (default) or 3</source>
        <translation>1（預設）或 3</translation>
    </message>
    <message>
        <source>PCT</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>the share of the rating a continuous load may draw, 50..100 (default 80)</source>
        <translation>連續負載可使用的額定比例，50..100（預設 80）</translation>
    </message>
    <message>
        <source>A+B</source>
        <translation>A+B</translation>
    </message>
    <message>
        <source>with assign: the feeds the hosts draw from, or all</source>
        <translation>搭配 assign：主機取電的線路，或 all</translation>
    </message>
    <message>
        <source>with list: as JSON</source>
        <translation>搭配 list：以 JSON 輸出</translation>
    </message>
    <message>
        <source>Two 208 V three-phase 30 A feeds for rack r7:</source>
        <translation>為機架 r7 加上兩條 208 V 三相 30 A 線路：</translation>
    </message>
    <message>
        <source>A host whose supplies plug into feed A only:</source>
        <translation>電源只接在 A 線路的主機：</translation>
    </message>
    <message>
        <source>no reading</source>
        <translation>沒有讀數</translation>
    </message>
    <message>
        <source>no BMC</source>
        <translation>沒有 BMC</translation>
    </message>
    <message>
        <source>unread</source>
        <translation>未讀到</translation>
    </message>
    <message>
        <source> (est.)</source>
        <translation>（估計）</translation>
    </message>
    <message>
        <source>FEEDS</source>
        <translation>線路</translation>
    </message>
    <message>
        <source>POWER</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>SOURCE</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>PEAK</source>
        <translation>尖峰</translation>
    </message>
    <message>
        <source>INLET</source>
        <translation>進氣</translation>
    </message>
    <message>
        <source>EXHAUST</source>
        <translation>排氣</translation>
    </message>
    <message>
        <source>RISE</source>
        <translation>溫升</translation>
    </message>
    <message>
        <source>%1: %2 now, %3 at the peak</source>
        <translation>%1：目前 %2，尖峰 %3</translation>
    </message>
    <message>
        <source>; %1 host(s) without a reading</source>
        <translation>；%1 台主機沒有讀數</translation>
    </message>
    <message>
        <source>; %1 estimated</source>
        <translation>；%1 台為估計值</translation>
    </message>
    <message>
        <source>no feeds recorded for this rack: add them with &apos;fleetdeck-cli inventory feed add %1 --name A --volts 208 --amps 30&apos;</source>
        <translation>此機架尚未記錄供電線路：請用 &apos;fleetdeck-cli inventory feed add %1 --name A --volts 208 --amps 30&apos; 新增</translation>
    </message>
    <message>
        <source>%1 (%2 lost)</source>
        <translation>%1（%2 斷電）</translation>
    </message>
    <message>
        <source>FEED</source>
        <translation>線路</translation>
    </message>
    <message>
        <source>BUDGET</source>
        <translation>預算</translation>
    </message>
    <message>
        <source>RATING</source>
        <translation>額定</translation>
    </message>
    <message>
        <source>NOW</source>
        <translation>目前</translation>
    </message>
    <message>
        <source>IF ONE FAILS</source>
        <translation>一條斷電時</translation>
    </message>
    <message>
        <source>HEADROOM</source>
        <translation>餘裕</translation>
    </message>
    <message>
        <source>within budget on every feed, even with one lost; inlet air in range</source>
        <translation>每條線路都在預算內，即使斷掉一條也一樣；進氣溫度正常</translation>
    </message>
    <message>
        <source>--demo reads the demo racks; give no HOST with it</source>
        <translation>--demo 讀取示範機架；請勿同時指定主機</translation>
    </message>
    <message>
        <source>%1 needs at least one RACK or HOST (or --demo)</source>
        <translation>%1 至少需要一個機架或主機（或 --demo）</translation>
    </message>
    <message>
        <source>reading each host&apos;s BMC (up to %1 s)…</source>
        <translation>正在讀取每台主機的 BMC（最多 %1 秒）…</translation>
    </message>
    <message>
        <source>Hosts in no rack:</source>
        <translation>不在機架中的主機：</translation>
    </message>
    <message>
        <source>--%1 takes a number (got &apos;%2&apos;)</source>
        <translation>--%1 需要數字（收到「%2」）</translation>
    </message>
    <message>
        <source>No feeds recorded.</source>
        <translation>尚未記錄任何供電線路。</translation>
    </message>
    <message>
        <source>say add, remove, list or assign</source>
        <translation>請指定 add、remove、list 或 assign</translation>
    </message>
    <message>
        <source>name one RACK</source>
        <translation>請指定一個機架</translation>
    </message>
    <message>
        <source>--name gives the feed&apos;s name (A, B)</source>
        <translation>--name 指定線路名稱（A、B）</translation>
    </message>
    <message>
        <source>rack %1 has no feed %2 (&apos;inventory feed list&apos; shows them)</source>
        <translation>機架 %1 沒有線路 %2（&apos;inventory feed list&apos; 會列出）</translation>
    </message>
    <message>
        <source>Removed feed %1 of %2 from %3.</source>
        <translation>已從 %3 移除 %2 的線路 %1。</translation>
    </message>
    <message>
        <source>--volts and --amps give the circuit (208 and 30 for a 208 V 30 A circuit)</source>
        <translation>--volts 與 --amps 指定電路（208 V 30 A 的電路即 208 與 30）</translation>
    </message>
    <message>
        <source>Feed %1 of %2: %3 (%4), saved to %5.</source>
        <translation>%2 的線路 %1：%3（%4），已儲存至 %5。</translation>
    </message>
    <message>
        <source>name the hosts whose feeds to set</source>
        <translation>請指定要設定線路的主機</translation>
    </message>
    <message>
        <source>--feeds names the feeds (A, B, A+B, or all)</source>
        <translation>--feeds 指定線路（A、B、A+B 或 all）</translation>
    </message>
    <message>
        <source>%1 is not in %2; nothing changed</source>
        <translation>%1 不在 %2 中；未做任何變更</translation>
    </message>
    <message>
        <source>%1&apos;s rack %2 has no feed %3; add it first (&apos;inventory feed add&apos;); nothing changed</source>
        <translation>%1 所在的機架 %2 沒有線路 %3；請先新增（&apos;inventory feed add&apos;）；未做任何變更</translation>
    </message>
    <message>
        <source>%1 host(s) now draw from %2; saved to %3.</source>
        <translation>%1 台主機現在從 %2 取電；已儲存至 %3。</translation>
    </message>
    <message>
        <source>all of their rack&apos;s feeds</source>
        <translation>其機架的所有線路</translation>
    </message>
    <message>
        <source>unknown action &apos;%1&apos;</source>
        <translation>未知的動作「%1」</translation>
    </message>
    <message>
        <source>--fit-power RACK asks the rack&apos;s own hosts: give no HOST with it</source>
        <translation>--fit-power 機架 會詢問該機架自己的主機：請勿同時指定主機</translation>
    </message>
    <message>
        <source>no host is in rack %1</source>
        <translation>機架 %1 中沒有主機</translation>
    </message>
    <message>
        <source>BESIDES GPUS</source>
        <translation>GPU 以外</translation>
    </message>
    <message>
        <source>GPU LIMITS NOW</source>
        <translation>目前 GPU 上限</translation>
    </message>
    <message>
        <source>PROPOSED</source>
        <translation>建議值</translation>
    </message>
    <message>
        <source>AT MOST SLOWER</source>
        <translation>最多變慢</translation>
    </message>
    <message>
        <source>A job held back by its GPUs&apos; power runs at most this much slower (throughput no worse than in proportion to the limit); training measured by MIT Lincoln Laboratory lost far less when capped to 60 % (docs/power.md).</source>
        <translation>受 GPU 功率限制的工作最多變慢這麼多（吞吐量下降不會超過上限的比例）；MIT 林肯實驗室實測訓練工作在上限設為 60 % 時損失遠小於此（docs/power.md）。</translation>
    </message>
    <message>
        <source>the hosts need different limits; nothing saved:</source>
        <translation>各主機需要不同的上限；未儲存任何內容：</translation>
    </message>
    <message>
        <source>saved %1: &apos;fleetdeck-cli apply --profile %1 %2&apos; pushes it</source>
        <translation>已儲存 %1：&apos;fleetdeck-cli apply --profile %1 %2&apos; 可推送</translation>
    </message>
</context>
<context>
    <name>plan</name>
    <message>
        <source>the agent did not report it</source>
        <translation>agent 沒有回報此值</translation>
    </message>
    <message>
        <source>current values unavailable (facts file only)</source>
        <translation>無法取得目前值（只有資訊檔案）</translation>
    </message>
</context>
</TS>
