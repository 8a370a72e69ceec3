#!/usr/bin/python3
"""Plays meiro's playable workbooks in LibreOffice Calc (Python-UNO).

Reads jobs from standard input, one a line, tab-separated:
    FILE  CASE  ROW,COL;ROW,COL;...  [OUT]
(0-based cells of the first sheet to type an x in; CASE "open" types
nothing and reads the sheet as opened, before any recalculation asked
here; OUT, if given, is where the sheet is then printed, with its status
row, as OUT.pdf, or the marked workbook saved as OUT.xlsx). For each job it
opens FILE (once per file), clears the cells typed for the job before,
types the marks, recalculates and prints
    FILE  CASE  <the text of the defined name Status>
Usage: calc_play.py < jobs.tsv > results.tsv
"""
import os
import subprocess
import sys
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue


def connect(pipe):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(200):
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception:
            time.sleep(0.1)
    raise SystemExit("calc_play: LibreOffice did not answer on its pipe")


def retype(sheet, typed, marks):
    """Clears the cells typed for the job before and types an x in each of
    marks, a run of neighbouring cells of a row in one UNO call (a call a
    cell made the 60 x 60 mazes' jobs cost most of the suite's time). Only
    the cells that change are written: the others may be locked."""
    changes = {cell: "" for cell in typed}
    changes.update({cell: "x" for cell in marks})
    run = []
    for r, c in sorted(changes) + [(-1, -1)]:
        if run and (r != run[0][0] or c != run[-1][1] + 1):
            span = sheet.getCellRangeByPosition(run[0][1], run[0][0], run[-1][1], run[0][0])
            span.setDataArray((tuple(changes[cell] for cell in run),))
            run = []
        run.append((r, c))


def main():
    profile = tempfile.mkdtemp(prefix="meiro-calc-")
    pipe = "meiro_play_%d" % os.getpid()
    # no lock files left beside the workbooks
    env = dict(os.environ, SAL_ENABLE_FILE_LOCKING="0")
    office = subprocess.Popen(
        ["soffice", "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
         "-env:UserInstallation=file://" + profile, "--accept=pipe,name=%s;urp;" % pipe],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        ctx = connect(pipe)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        doc, name, typed = None, None, []
        for line in sys.stdin:
            path, case, cells, pdf = (line.rstrip("\n").split("\t") + ["", "", ""])[:4]
            if path != name:
                if doc is not None:
                    doc.close(True)
                hidden = PropertyValue(Name="Hidden", Value=True)
                doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(path)), "_blank", 0,
                                                   (hidden,))
                name, typed = path, []
            sheet = doc.Sheets.getByIndex(0)
            marks = [tuple(int(v) for v in rc.split(",")) for rc in cells.split(";") if rc]
            retype(sheet, typed, marks)
            typed = marks
            if case != "open":
                doc.calculateAll()
            if pdf.endswith(".xlsx"):  # the marked workbook, for another program
                export = PropertyValue(Name="FilterName", Value="Calc MS Excel 2007 XML")
                doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(pdf)), (export,))
            elif pdf:  # the print area and the status row below it
                areas = sheet.getPrintAreas()
                if areas:
                    areas[0].EndRow += 1
                    sheet.setPrintAreas(areas)
                export = PropertyValue(Name="FilterName", Value="calc_pdf_Export")
                doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(pdf)), (export,))
            # one maze: a workbook's name; a booklet: the first sheet's own
            names = doc.NamedRanges if doc.NamedRanges.hasByName("Status") else sheet.NamedRanges
            status = names.getByName("Status").getReferredCells().getCellByPosition(0, 0).getString()
            print("%s\t%s\t%s" % (path, case, status), flush=True)
        if doc is not None:
            doc.close(True)
    finally:
        try:
            desktop.terminate()
        except Exception:
            pass
        office.wait(timeout=30) if office.poll() is None else None
        subprocess.run(["rm", "-rf", profile])


if __name__ == "__main__":
    main()
