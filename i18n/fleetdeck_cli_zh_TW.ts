<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>fleetdeck-cli</name>
    <message>
        <source>the language of messages and help: zh_TW (Traditional Chinese) or en (default: the locale&apos;s, from LANG or LC_ALL)</source>
        <translation>訊息與說明的語言：zh_TW（繁體中文）或 en（預設依語系設定，取自 LANG 或 LC_ALL）</translation>
    </message>
</context>
</TS>
