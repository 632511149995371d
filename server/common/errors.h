/* Return codes shared by the store and the layers above it. */
#ifndef CW_ERRORS_H
#define CW_ERRORS_H

enum {
    CW_OK = 0,
    CW_EDB = -1,       /* the database failed: a server fault, never the client's */
    CW_ENOTFOUND = -2, /* no such row */
    CW_ECONFLICT = -3, /* a uniqueness or state conflict */
    CW_EINVAL = -4,    /* a value the rules refuse */
    CW_ENOMEM = -5,    /* out of memory: a server fault (500), never a refusal of the input */
};

#endif
