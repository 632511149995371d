/* The subcommands of the crawford binary. Each returns the process exit status:
 * 0 success, 1 a negative answer (e.g. an invalid file), 2 a usage or configuration error. */
#ifndef CLI_H
#define CLI_H

int cli_serve(int argc, char **argv);
int cli_passwd(int argc, char **argv);
int cli_migrate(int argc, char **argv);
int cli_restore(int argc, char **argv);
int cli_backup(int argc, char **argv);
int cli_draw(int argc, char **argv);
int cli_moves(int argc, char **argv);
int cli_validate(int argc, char **argv);
int cli_report(int argc, char **argv);

#endif
