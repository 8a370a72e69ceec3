/* The HTML page's style and script (src/compose/html/), compiled in by
 * tools/embed-text.sh. */
#ifndef MEIRO_SRC_COMPOSE_HTML_ASSETS_H
#define MEIRO_SRC_COMPOSE_HTML_ASSETS_H

extern const char html_play_css[];
extern const char html_play_js[];

#endif /* MEIRO_SRC_COMPOSE_HTML_ASSETS_H */
