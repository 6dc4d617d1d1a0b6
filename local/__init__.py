"""What runs on a laptop: ``make run`` (``run``: DynamoDB Local, the table, the Lambda apps under
one uvicorn server with the site, ``server``), its stand-ins for AWS (the midnight ``rotation``,
the ``analysis_worker`` thread, the thinking ``limiter``, the CloudFront ``security_headers``),
``with_server`` for the benchmarks, and the generators of committed files (``openapi``,
``make_icons``). The Lambda build and the site's deploy are ``deploy/``; what runs against the
deployed table is ``ops/``."""
