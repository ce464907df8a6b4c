"""The replay report: one self-contained HTML file with plots (``correlator replay --report``).

>>> from correlator.report import ReportCollector
>>> ReportCollector().nodes
{}
"""

from correlator.report.collect import ReportCollector

__all__ = ["ReportCollector"]
