#include <gtest/gtest.h>

#include "agent/protocol/message.h"

using namespace fleetdeck::protocol;

namespace {

DecodeFailure failure_of(std::string_view line) {
    auto decoded = decode_message(line);
    EXPECT_TRUE(std::holds_alternative<DecodeFailure>(decoded)) << line;
    if (auto* f = std::get_if<DecodeFailure>(&decoded)) return *f;
    return {};
}

}  // namespace

TEST(Message, DecodesRequestWithParams) {
    auto decoded = decode_message(R"({"id":7,"method":"subscribe","params":{"interval_ms":500}})");
    auto& request = std::get<Request>(std::get<Message>(decoded));
    EXPECT_EQ(request.id, 7);
    EXPECT_EQ(request.method, "subscribe");
    EXPECT_EQ(request.params["interval_ms"], 500);
}

TEST(Message, MissingParamsIsEmptyObject) {
    auto decoded = decode_message(R"({"id":1,"method":"ping"})");
    EXPECT_TRUE(std::get<Request>(std::get<Message>(decoded)).params.is_object());
}

TEST(Message, DecodesResponseEventAndError) {
    auto r = std::get<Response>(std::get<Message>(decode_message(R"({"id":3,"result":{"pong":true}})")));
    EXPECT_EQ(r.id, 3);
    EXPECT_FALSE(r.error);
    EXPECT_TRUE(r.result["pong"]);

    auto e = std::get<Event>(std::get<Message>(decode_message(R"({"event":"sample","data":{"x":1}})")));
    EXPECT_EQ(e.name, "sample");
    EXPECT_EQ(e.data["x"], 1);

    auto err = std::get<Response>(std::get<Message>(
        decode_message(R"({"id":null,"error":{"code":"line_too_long","message":"too big"}})")));
    EXPECT_FALSE(err.id);
    ASSERT_TRUE(err.error);
    EXPECT_EQ(err.error->code, ErrorCode::LineTooLong);
    EXPECT_EQ(err.error->message, "too big");
}

TEST(Message, UnknownErrorCodeFromNewerPeerBecomesInternalWithName) {
    auto r = std::get<Response>(std::get<Message>(decode_message(R"({"id":1,"error":{"code":"brand_new","message":"m"}})")));
    EXPECT_EQ(r.error->code, ErrorCode::Internal);
    EXPECT_EQ(r.error->message, "brand_new: m");
}

// A corpus of bad lines: each is rejected with the right code and never throws.
TEST(Message, BadLineCorpus) {
    struct Case {
        std::string line;
        ErrorCode code;
    };
    const std::vector<Case> cases = {
        {"", ErrorCode::ParseError},
        {"garbage", ErrorCode::ParseError},
        {"{\"id\":1,", ErrorCode::ParseError},
        {std::string("{\"id\":1,\"method\":\"p\0ng\"}", 24), ErrorCode::ParseError},
        {"{\"id\":1,\"method\":\"\xff\xfe\"}", ErrorCode::ParseError},
        {"\x01\x02\x03\x04", ErrorCode::ParseError},
        {"[1,2,3]", ErrorCode::InvalidRequest},
        {"42", ErrorCode::InvalidRequest},
        {"\"string\"", ErrorCode::InvalidRequest},
        {"null", ErrorCode::InvalidRequest},
        {"{}", ErrorCode::InvalidRequest},
        {R"({"method":"ping"})", ErrorCode::InvalidRequest},
        {R"({"id":"7","method":"ping"})", ErrorCode::InvalidRequest},
        {R"({"id":1.5,"method":"ping"})", ErrorCode::InvalidRequest},
        {R"({"id":18446744073709551615,"method":"ping"})", ErrorCode::InvalidRequest},
        {R"({"id":1,"method":7})", ErrorCode::InvalidRequest},
        {R"({"id":1,"method":""})", ErrorCode::InvalidRequest},
        {R"({"id":1,"method":"ping","params":[1]})", ErrorCode::InvalidRequest},
        {R"({"id":1,"method":"ping","params":"x"})", ErrorCode::InvalidRequest},
        {R"({"event":5})", ErrorCode::InvalidRequest},
        {R"({"id":1,"error":{"code":5}})", ErrorCode::InvalidRequest},
        {std::string(100000, '['), ErrorCode::ParseError},
    };
    for (const auto& c : cases) {
        const auto f = failure_of(c.line);
        EXPECT_EQ(f.error.code, c.code) << "line: " << c.line.substr(0, 60) << " -> " << f.error.message;
        EXPECT_FALSE(f.error.message.empty());
    }
}

TEST(Message, RequestIdRecoveredForInvalidMethod) {
    const auto f = failure_of(R"({"id":9,"method":7})");
    EXPECT_EQ(f.id, 9);
}

TEST(Message, EncodeRoundTripsAndReplacesInvalidUtf8) {
    const std::string line = encode_result(5, Json{{"label", std::string("Core\xff 0")}});
    EXPECT_EQ(line.find('\n'), std::string::npos);
    auto r = std::get<Response>(std::get<Message>(decode_message(line)));
    EXPECT_EQ(r.id, 5);
    EXPECT_EQ(r.result["label"], "Core\xEF\xBF\xBD 0");

    const std::string err = encode_error(std::nullopt, {ErrorCode::MethodNotFound, "unknown method 'x'"});
    EXPECT_EQ(err, R"({"error":{"code":"method_not_found","message":"unknown method 'x'"},"id":null})");
}

TEST(ErrorCodes, NamesRoundTrip) {
    for (int i = 0; i <= static_cast<int>(ErrorCode::Unavailable); ++i) {
        const auto code = static_cast<ErrorCode>(i);
        EXPECT_EQ(error_code_from_string(to_string(code)), code);
    }
    EXPECT_FALSE(error_code_from_string("no_such_code"));
}
