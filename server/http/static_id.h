/* The static folder's version: one id for the whole of its content, so that a page can
 * name its scripts under /v/<id>/ and the browser keep them without asking again. */
#ifndef HTTP_STATIC_ID_H
#define HTTP_STATIC_ID_H

/* 16 hex digits and a NUL. */
#define HTTP_STATIC_ID_LEN 17

/* The id of the files under dirfd now (every file's path, size and modification time):
 * any file added, removed or changed gives another. 0, or -1 when the folder cannot be
 * read (out is then all zeros, and the caller keeps nothing for good under it). */
int http_static_id(int dirfd, char out[HTTP_STATIC_ID_LEN]);

#endif
