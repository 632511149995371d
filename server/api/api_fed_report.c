/* The report to the federation over HTTP (GOV-8), the TD's: one zip of the report in JSON
 * (report.json) or CSV (one file a table), as `crawford report` writes it offline; both
 * built by ops/report/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/tx.h"
#include "ops/report/report.h"

static int build(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_fed_report_build(o, req->ids[0], in, &pb))
        return api_refuse(resp, &pb);
    return 0;
}

void api_report_download(struct api_req *req, struct api_resp *resp)
{
    const char *format = api_arg(req, "format");
    int f = format ? -1 : FED_REPORT_JSON;
    for (int i = 0; format && fed_report_formats[i]; i++)
        if (!strcmp(format, fed_report_formats[i]))
            f = i;
    if (f < 0) {
        api_problem(resp, 422, "validation", "Unknown format",
                    "The report is written as json or csv (GOV-8).");
        api_problem_field(resp, "format", "must be json or csv");
        return;
    }
    struct fed_report r;
    memset(&r, 0, sizeof r);
    if (api_read(req, resp, build, &r)) {
        op_fed_report_free(&r);
        return;
    }
    size_t len = 0;
    char *zip = op_fed_report_zip(&r, (enum fed_report_format)f, &len);
    op_fed_report_free(&r);
    if (!zip) {
        api_internal_error(resp, "writing the report");
        return;
    }
    resp->status = 200;
    resp->body = zip;
    resp->body_len = len;
    snprintf(resp->content_type, sizeof resp->content_type, "application/zip");
    snprintf(resp->disposition, sizeof resp->disposition,
             "attachment; filename=\"crawford-report-%lld-%s.zip\"", (long long)req->ids[0],
             fed_report_formats[f]);
}
