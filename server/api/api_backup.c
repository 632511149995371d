/* The database's copies over HTTP, the TD's: the snapshots' status (the last good one, the
 * last failure, a folder on the database's own disk), one snapshot now, and the download
 * of a fresh copy, streamed from a file no folder names, named for the tournament and the
 * time, its download in the audit log (the copy holds the PINs) before any byte goes. */
#include <stdio.h>
#include <unistd.h>

#include "api/handlers.h"
#include "api/tx.h"
#include "ops/tournament/snapshots.h"
#include "store/backup.h"

static json_t *when(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

static json_t *status_json(struct api_req *req)
{
    struct op_snapshot_status st;
    op_snapshots_status(req->app->snapshots, &st);
    json_t *j = json_pack("{s:b, s:s, s:i, s:i, s:b, s:b, s:o, s:o, s:o}", "on", st.folder[0] != 0,
                          "folder", st.folder, "interval_minutes", st.interval_minutes, "keep",
                          st.keep, "same_disk", st.same_disk, "failing", st.failing, "last_ok_at",
                          when(st.last_ok_ms), "last_error_at", when(st.last_error_ms), "next_at",
                          when(st.next_ms));
    json_object_set_new(j, "last_ok_file",
                        st.last_ok_file[0] ? json_string(st.last_ok_file) : json_null());
    json_object_set_new(j, "last_error",
                        st.last_error[0] ? json_string(st.last_error) : json_null());
    return j;
}

void api_snapshots_get(struct api_req *req, struct api_resp *resp)
{
    api_reply_json(resp, 200, status_json(req));
}

void api_snapshot_take(struct api_req *req, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_snapshot_now(req->app->snapshots, req->now_ms, &pb)) {
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 201, status_json(req));
}

/* The download recorded in the audit log (in): the tournament's name for the file. */
static int record_download(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_backup_download_record(o, req->ids[0], in, 512, &pb))
        return api_refuse(resp, &pb);
    return API_DONE;
}

void api_backup_download(struct api_req *req, struct api_resp *resp)
{
    char name[512], file[300];
    if (api_run_unkeyed(req, resp, record_download, name))
        return;
    struct problem pb = {0, NULL};
    uint64_t size;
    int fd = op_backup_fresh(req->app->cfg.database, &size, &pb);
    if (fd < 0) {
        api_reply_problem(resp, &pb);
        return;
    }
    db_backup_name(name, req->now_ms, file, sizeof file);
    resp->status = 200;
    resp->file_fd = fd;
    resp->file_len = size;
    resp->has_file = 1;
    snprintf(resp->content_type, sizeof resp->content_type, "application/vnd.sqlite3");
    snprintf(resp->disposition, sizeof resp->disposition, "attachment; filename=\"%s\"", file);
}
