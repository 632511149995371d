/* The schema migrations embedded in the binary (generated from the schema folder's NNN_name.sql
 * files). */
#ifndef DB_MIGRATIONS_H
#define DB_MIGRATIONS_H

struct db_migration {
    int version;
    const char *name;
    const char *sql;
};

extern const struct db_migration db_migrations[];
extern const int db_migrations_count;

#endif
