#ifndef C_CURL_SHIM_H
#define C_CURL_SHIM_H

// Swift cannot call C varargs (curl_easy_setopt, curl_multi_setopt): these typed wrappers can.
// The typecheck macros of curl.h are off so each wrapper is one plain call.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*shim_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*shim_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *context, void *socket_context);
typedef int (*shim_curl_timer_callback)(CURLM *multi, long timeout_ms, void *context);

static inline CURLcode shim_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode shim_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode shim_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode shim_easy_setopt_headers(CURL *easy, struct curl_slist *headers) {
    return curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
}

/// CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
static inline CURLcode shim_easy_setopt_data_callback(CURL *easy, CURLoption option, shim_curl_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

static inline CURLMcode shim_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode shim_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode shim_multi_setopt_socket_callback(CURLM *multi, shim_curl_socket_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}

static inline CURLMcode shim_multi_setopt_timer_callback(CURLM *multi, shim_curl_timer_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

/// The next finished transfer, if any: 1 with `easy` and `result` set, else 0.
/// (CURLMsg's result sits in a union Swift reads awkwardly.)
static inline int shim_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

static const int SHIM_CURL_POLL_IN = CURL_POLL_IN;
static const int SHIM_CURL_POLL_OUT = CURL_POLL_OUT;
static const int SHIM_CURL_POLL_INOUT = CURL_POLL_INOUT;
static const int SHIM_CURL_POLL_REMOVE = CURL_POLL_REMOVE;
static const curl_socket_t SHIM_CURL_SOCKET_TIMEOUT = CURL_SOCKET_TIMEOUT;
static const int SHIM_CURL_CSELECT_IN = CURL_CSELECT_IN;
static const int SHIM_CURL_CSELECT_OUT = CURL_CSELECT_OUT;
static const int SHIM_CURL_CSELECT_ERR = CURL_CSELECT_ERR;
static const long SHIM_CURL_HTTP_VERSION_1_1 = CURL_HTTP_VERSION_1_1;
static const long SHIM_CURL_GLOBAL_ALL = CURL_GLOBAL_ALL;

#endif
