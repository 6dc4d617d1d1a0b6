"""What builds and ships the AWS artefacts: the Lambda layers and functions for ``sam build``
(``build_lambda``, run by the Makefile's ``build-<LogicalId>`` targets), the site's pages with
their shared parts put in (``site_pages``, which the local server serves too) and their upload
to the stack's bucket (``publish_site``, the last step of ``make deploy``). Nothing here runs
against the table."""
