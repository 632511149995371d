/* The schema migrations embedded in the binary (generated from the schema folder's NNN_name.sql
 * files). */
#ifndef DB_MIGRATIONS_H
#define DB_MIGRATIONS_H

/* The SQL of a migration comes as its lines (C compilers need not take long strings). */
struct db_migration {
    int version;
    const char *name;
    const char *const *lines;
    int n_lines;
};

extern const struct db_migration db_migrations[];
extern const int db_migrations_count;

#endif
