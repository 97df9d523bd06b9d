"""The federation pages (/f/...), by who sees them: public.py (anyone), officers.py (the
federation's officers), clubs.py (a club's directors), people.py (a person's own)."""
