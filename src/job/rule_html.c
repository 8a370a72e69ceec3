/* A rule maze to play in a browser: one self-contained page (no outside
 * files). The child clicks or arrows from START through the tokens; each
 * step is checked against the rule (the same steps as content/rule.c, from
 * the keys the library gives each token), a wrong token says why, and the
 * page says Goal! at FINISH. Stepping back onto the last cell undoes. */
#include "job/rule_html.h"

#include "content/rule_model.h"
#include "core/markup.h"
#include "page/template.h"

#include <limits.h>
#include <string.h>

static const char *const kind_names[] = {"multiples", "skip", "sum",    "abc",
                                         "aiueo",     "words", "chain", "message"};

static const char script[] =
    "(function(){\n"
    "var D=JSON.parse(document.getElementById('data').textContent);\n"
    "var W=D.w,H=D.h,K=D.keys,n=D.n,kind=D.kind,start=D.path[0],finish=D.path[D.path.length-1];\n"
    "var cells=document.querySelectorAll('#grid td'),st=document.getElementById('status');\n"
    "function step(u,su,v){var a=K[u],b=K[v];if(a===null||b===null)return -1;switch(kind){\n"
    " case 'skip':return b[0]===a[0]+n?0:-1;\n"
    " case 'abc':case 'aiueo':return b[0]===a[0]+1?0:-1;\n"
    " case 'sum':return b[0]>=1&&su+b[0]<=n?su+b[0]:-1;\n"
    " case 'chain':return a[2]&&b[1]===a[2]&&a[2]!==0x3093?0:-1;\n"
    " case 'multiples':return b[0]>0&&b[0]%n===0?0:-1;\n"
    " case 'words':return b[0]===1?0:-1;\n"
    " case 'message':return su<n&&b[0]===D.msg[su+1]?su+1:-1;}return -1;}\n"
    "var way=[start],states=[kind==='sum'?K[start][0]:0],done=false;\n"
    "function show(){cells.forEach(function(c,i){c.className=(way.indexOf(i)>=0?'on':'')+(i===way[way.length-1]?' here':'');});\n"
    " document.body.dataset.way=way.join(',');}\n"
    "function say(t,cls){st.textContent=t;st.className=cls;document.body.dataset.status=cls;}\n"
    "function go(v){if(done)return;var u=way[way.length-1];\n"
    " if(Math.abs(u%W-v%W)+Math.abs(Math.floor(u/W)-Math.floor(v/W))!==1)return;\n"
    " if(way.length>1&&v===way[way.length-2]){way.pop();states.pop();say('','');show();return;}\n"
    " if(way.indexOf(v)>=0){say(D.words.visited,'wrong');return;}\n"
    " var s=step(u,states[states.length-1],v);\n"
    " if(s<0){say(D.words.wrong.replace('%s',cells[v].textContent),'wrong');return;}\n"
    " way.push(v);states.push(s);show();\n"
    " if(v===finish){if((kind!=='sum'&&kind!=='message')||s===n){done=true;say(D.words.goal,'goal');}\n"
    "  else say(kind==='sum'?D.words.total.replace('%d',s):D.words.wrong.replace('%s',cells[v].textContent),'wrong');}else say('','');}\n"
    "cells.forEach(function(c,i){c.addEventListener('click',function(){go(i);});});\n"
    "document.addEventListener('keydown',function(e){var u=way[way.length-1],x=u%W,y=Math.floor(u/W),v=-1;\n"
    " if(e.key==='ArrowUp'&&y>0)v=u-W;else if(e.key==='ArrowDown'&&y<H-1)v=u+W;\n"
    " else if(e.key==='ArrowLeft'&&x>0)v=u-1;else if(e.key==='ArrowRight'&&x<W-1)v=u+1;\n"
    " if(v>=0){e.preventDefault();go(v);}});\n"
    "show();say('','');})();\n";

meiro_status rule_write_html(const meiro_rule_sheet *s, const char *title, FILE *out)
{
    const rule_words *w = rule_words_for(s->lang);
    const char *t = rule_title(s, title);
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\"%s><head><meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width\">\n<title>",
            s->lang, strcmp(labels_for(s->lang)->direction, "rtl") ? "" : " dir=\"rtl\"");
    markup_text(out, t);
    fputs("</title>\n<style>\n"
          "body{font-family:'DejaVu Sans','IPAexGothic',sans-serif;text-align:center;margin:1em}\n"
          "#wrap{display:inline-flex;align-items:center;gap:.5em}\n"
          "table{border-collapse:collapse;margin:1em auto}\n"
          "td{border:1px solid #444;width:3.2em;height:3.2em;font-size:1.4em;cursor:pointer}\n"
          "td.on{background:#ffe373}td.here{outline:3px solid #c0392b;outline-offset:-3px}\n"
          "#status{min-height:1.5em;font-size:1.4em;font-weight:bold}\n"
          ".wrong{color:#c0392b}.goal{color:#1e8449}.label{font-weight:bold}\n"
          "</style></head><body>\n<h1>",
          out);
    markup_text(out, t);
    fputs("</h1>\n<p id=\"rule\">", out);
    markup_text(out, s->sentence);
    fputs("</p>\n<p>", out);
    fputs(w->html_help, out);
    fputs("</p>\n<table id=\"grid\">\n", out);
    uint32_t st = s->path[0], fin = s->path[s->path_len - 1];
    for (uint32_t y = 0; y < s->h; y++) {
        fputs("<tr>", out);
        for (uint32_t x = 0; x < s->w; x++) {
            size_t id = (size_t)y * s->w + x;
            if (id == st || id == fin) { /* START, FINISH in the page's words (a hover's tip) */
                fputs("<td title=\"", out);
                markup_text(out, id == st ? w->start : w->finish);
                fputs("\">", out);
            } else {
                fputs("<td>", out);
            }
            markup_text(out, s->tok[id]);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fprintf(out, "</table>\n<p class=\"label\">%s: (%u, %u) &nbsp; %s: (%u, %u)</p>\n",
            w->start, st % s->w + 1, st / s->w + 1, w->finish, fin % s->w + 1, fin / s->w + 1);
    fputs("<p id=\"status\"></p>\n<script type=\"application/json\" id=\"data\">", out);
    fprintf(out, "{\"w\":%u,\"h\":%u,\"n\":%d,\"kind\":\"%s\",\"path\":[%u", s->w, s->h,
            s->rule.n, kind_names[s->rule.kind], st);
    /* only START and FINISH: the page does not carry the answer */
    fprintf(out, ",%u],\"keys\":[", fin);
    for (size_t i = 0; i < (size_t)s->w * s->h; i++) {
        rule_key k = s->key[i];
        if (k.v == LONG_MIN) fprintf(out, "%snull", i ? "," : "");
        else fprintf(out, "%s[%ld,%u,%u]", i ? "," : "", k.v, k.first, k.last);
    }
    fputs("]", out);
    if (s->rule.kind == RULE_MESSAGE) { /* the letters to check each step against */
        fputs(",\"msg\":[", out);
        for (size_t i = 0; i < s->rule.target_count; i++)
            fprintf(out, "%s%ld", i ? "," : "", rule_key_of(&s->rule, s->rule.targets[i]).v);
        fputs("]", out);
    }
    fputs(",\"words\":{\"goal\":", out);
    markup_script_string(out, w->goal);
    fputs(",\"wrong\":", out);
    markup_script_string(out, w->wrong);
    fputs(",\"visited\":", out);
    markup_script_string(out, w->visited);
    fputs(",\"total\":", out);
    markup_script_string(out, w->total);
    fprintf(out, "}}</script>\n<script>\n%s</script>\n</body></html>\n", script);
    return MEIRO_OK;
}
