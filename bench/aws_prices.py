"""AWS list prices the cost model (bench/cost_model.py) multiplies its measures by: us-east-1,
on-demand, no free tier, as checked on ``PRICES_DATE``. Check them again before quoting a
figure: prices change, and a cut (DynamoDB's of November 2024) moves the total."""

from __future__ import annotations

PRICES_DATE = "2026-12-01"
LAMBDA_GB_S = 0.0000133334          # arm64, per GB-second
LAMBDA_REQUEST = 0.20 / 1e6
HTTP_API_REQUEST = 1.00 / 1e6       # first 300 M a month; 0.90 after
HTTP_API_REQUEST_OVER_300M = 0.90 / 1e6
DDB_WRITE_UNIT = 0.625 / 1e6        # on-demand, since the November 2024 cut
DDB_READ_UNIT = 0.125 / 1e6
DDB_GB_MONTH = 0.25
DDB_PITR_GB_MONTH = 0.20
CF_REQUEST = 0.0100 / 10_000        # HTTPS, North America / Europe
CF_GB_OUT = 0.085                   # first 10 TB a month
CF_FUNCTION = 0.10 / 1e6            # CloudFront Functions invocations
S3_GET = 0.0004 / 1000
XRAY_TRACE = 5.00 / 1e6             # traces recorded
LOGS_GB_INGESTED = 0.50
LOGS_GB_MONTH = 0.03                # stored (compressed)
METRIC_MONTH = 0.30                 # custom metric (EMF, API Gateway detailed metrics)
ALARM_METRIC_MONTH = 0.10           # standard resolution, per metric an alarm reads
DASHBOARD_MONTH = 3.00
SQS_REQUEST = 0.40 / 1e6
