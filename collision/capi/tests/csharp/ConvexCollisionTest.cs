// The idiomatic C# layer (`collision/capi/csharp/ConvexCollision.cs`) from C#: answers
// against closed forms and against the raw calls, every refusal as its exception (a run
// that stops short with its best answer among them), handles
// released once (disposed, or finalized by the collector) and never while a call holds
// them, and a user's support delegate kept alive by the shapes made from it. Prints
// "N passed, M failed"; exits 1 on a failure.

using System;
using ConvexCollision;
using static Checks;

static class ConvexCollisionTest
{
    /// <summary>Checks that `call` throws `T` (and, for a `CollisionException`, with
    /// `status` and a message that names the problem).</summary>
    static void Throws<T>(Action call, string what, CollStatus? status = null, string mentions = null) where T : Exception
    {
        try
        {
            call();
            Check(false, what + ": no exception");
        }
        catch (T e)
        {
            var collision = e as CollisionException;
            Check(status == null || (collision != null && collision.Status == status.Value), what + ": " + e.Message);
            Check(mentions == null || e.Message.Contains(mentions), what + ": message " + e.Message);
        }
        catch (Exception e)
        {
            Check(false, what + ": " + e.GetType().Name + " " + e.Message);
        }
    }

    static CollPose At(double x, double y, double z)
    {
        return new CollPose(new CollVec3(x, y, z), CollQuat.Identity);
    }

    static CollMotion Moving(double x, double vx)
    {
        return new CollMotion { Pose = At(x, 0, 0), LinearVelocity = new CollVec3(vx, 0, 0) };
    }

    static int Main()
    {
        ClosedForms();
        Hulls();
        Refusals();
        Handles();
        UserShapes();
        Batches();
        return Report();
    }

    static void ClosedForms()
    {
        using (var ball = Shape.Ball(1.0))
        using (var small = Shape.Ball(0.5))
        using (var box = Shape.Cuboid(new CollVec3(0.5, 0.5, 0.5)))
        {
            Near(Queries.Distance(ball, At(0, 0, 0), small, At(3, 0, 0)).Value, 1.5, 1e-12, "ball-ball distance");
            Check(!Queries.Intersects(ball, At(0, 0, 0), small, At(3, 0, 0)), "apart balls do not intersect");
            Check(Queries.Intersects(ball, At(0, 0, 0), small, At(1.4, 0, 0)), "overlapping balls intersect");
            Check(Queries.Contact(ball, At(0, 0, 0), small, At(3, 0, 0)) == null, "no contact beyond the margin");
            var near = Queries.Contact(ball, At(0, 0, 0), small, At(3, 0, 0), margin: 2.0);
            Check(near.HasValue && near.Value.InRange, "a contact within the margin");
            Near(near.Value.Separation, 1.5, 1e-12, "its separation");
            var deep = Queries.Contact(box, At(0, 0, 0), box, At(0.9, 0.2, -0.1));
            Check(deep.HasValue, "box-box contact");
            Near(deep.Value.Depth, 0.1, 1e-12, "box-box depth");
            Near(deep.Value.Normal.X, 1.0, 1e-12, "box-box normal, A towards B");
            var ballBox = Queries.Contact(ball, At(0, 0, 0), box, At(0, 1.3, 0));
            Near(ballBox.Value.Depth, 0.2, 1e-12, "ball-box depth");
            Near(ballBox.Value.Normal.Y, 1.0, 1e-12, "ball-box normal");
            var points = Queries.ClosestPoints(ball, At(0, 0, 0), box, At(0, 0, 4));
            Near(points.Distance, 2.5, 1e-12, "ball-box closest points");
            Near(points.PointA.Z, 1.0, 1e-12, "ball-box point on the ball");
            Near(points.PointB.Z, 3.5, 1e-12, "ball-box point on the box");
            using (var cache = new ContactCache())
            {
                for (int frame = 0; frame < 3; frame++)
                {
                    var warm = Queries.ClosestPoints(ball, At(0, 0, 0), box, At(0, 0, 4 - 0.1 * frame), cache);
                    Near(warm.Distance, 2.5 - 0.1 * frame, 1e-12, "warm-started closest points, frame " + frame);
                }
                cache.Clear();
            }
            var hit = ball.CastRay(At(0, 0, 0), new CollVec3(-5, 0, 0), new CollVec3(1, 0, 0));
            Check(hit.HasValue, "a ray hits the ball");
            Near(hit.Value.Toi, 4.0, 1e-12, "its parameter");
            Near(hit.Value.Normal.X, -1.0, 1e-12, "its normal");
            Check(ball.CastRay(At(0, 0, 0), new CollVec3(-5, 2, 0), new CollVec3(1, 0, 0)) == null, "a ray above misses");
            Check(ball.CastRay(At(0, 0, 0), new CollVec3(-5, 0, 0), new CollVec3(1, 0, 0), 3.0) == null, "a ray stopped short misses");
            // Unit balls closing at speed 2 from 4 apart touch when the gap of 3 closes.
            var impact = Queries.TimeOfImpact(small, Moving(-2, 1), small, Moving(2, -1), 10.0);
            Check(impact.HasValue, "the balls meet");
            Near(impact.Value.Time, 1.5, 1e-9, "time of impact");
            Check(Queries.TimeOfImpact(small, Moving(-2, 1), small, Moving(2, -1), 1.0) == null, "not within t_max = 1");
            var mass = box.MassProperties(2.0);
            Near(mass.Mass, 2.0, 1e-12, "box mass");
            Near(mass.Inertia.M11, 2.0 / 6.0, 1e-12, "box inertia");
        }
    }

    static void Hulls()
    {
        var corners = new CollVec3[9];
        for (int i = 0; i < 8; i++)
        {
            corners[i] = new CollVec3((i & 1) - 0.5, ((i >> 1) & 1) - 0.5, ((i >> 2) & 1) - 0.5);
        }
        corners[8] = new CollVec3(0.1, 0.2, 0.3);
        using (var cube = Shape.Hull(corners))
        {
            var sizes = cube.HullSizes();
            Check(sizes.Kind == CollHullKind.Solid, "a solid hull");
            Check(cube.HullVertices().Length == 8, "8 vertices (the inside point dropped)");
            Check(cube.HullTriangles().Length == 36, "12 triangles");
            var faces = cube.HullFaces();
            Check(faces.Length == 6, "6 faces");
            foreach (var face in faces)
            {
                Check(face.Length == 4, "each face a quad");
            }
            var planes = cube.HullPlanes();
            for (int f = 0; f < 6; f++)
            {
                Near(planes[4 * f + 3], 0.5, 1e-15, "plane offset " + f);
            }
            Near(cube.MassProperties(1.0).Mass, 1.0, 1e-14, "hull volume");
            using (var ball = Shape.Ball(0.25))
            {
                Near(Queries.Distance(cube, At(0, 0, 0), ball, At(1, 0, 0)).Value, 0.25, 1e-12, "hull-ball distance");
            }
        }
        using (var flat = Shape.Hull(new double[] { 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0 }))
        {
            Check(flat.HullSizes().Kind == CollHullKind.Polygon, "coplanar points make a polygon hull");
            Check(flat.HullVertices().Length == 4, "with its 4 corners");
        }
    }

    static void Refusals()
    {
        Throws<CollisionException>(() => Shape.Ball(-1.0), "negative radius", CollStatus.InvalidArgument);
        Throws<CollisionException>(() => Shape.Ball(double.NaN), "NaN radius", CollStatus.NonFinite);
        Throws<CollisionException>(() => Shape.Capsule(1.0, double.PositiveInfinity), "infinite radius", CollStatus.NonFinite);
        Throws<CollisionException>(() => Shape.Hull(new double[0]), "no points", CollStatus.WrongCount);
        Throws<CollisionException>(() => Shape.Hull(new double[] { 0, 0, 0, 1, double.NaN, 0 }), "a NaN point", CollStatus.NonFinite, "1");
        Throws<ArgumentException>(() => Shape.Hull(new double[4]), "four doubles", mentions: "4");
        Throws<ArgumentNullException>(() => Shape.Hull((double[])null), "null points");
        Throws<ArgumentNullException>(() => Shape.Rounded(null, 0.1), "null inner shape");
        using (var ball = Shape.Ball(1.0))
        {
            Throws<ArgumentNullException>(() => Queries.Distance(null, At(0, 0, 0), ball, At(1, 0, 0)), "null shape");
            var zero = new CollPose(new CollVec3(0, 0, 0), new CollQuat(0, 0, 0, 0));
            Throws<CollisionException>(() => Queries.Distance(ball, zero, ball, At(3, 0, 0)), "zero quaternion", CollStatus.InvalidQuaternion);
            Throws<CollisionException>(() => Queries.Contact(ball, At(double.NaN, 0, 0), ball, At(3, 0, 0)), "NaN position", CollStatus.NonFinite);
            Throws<CollisionException>(() => Queries.Contact(ball, At(0, 0, 0), ball, At(3, 0, 0), -1.0), "negative margin", CollStatus.InvalidArgument);
            Throws<CollisionException>(() => ball.CastRay(At(0, 0, 0), new CollVec3(0, 0, 0), new CollVec3(double.NaN, 0, 0)), "NaN ray", CollStatus.NonFinite);
            Throws<CollisionException>(() => ball.MassProperties(0.0), "zero density", CollStatus.InvalidArgument);
            Throws<CollisionException>(() => ball.HullSizes(), "hull sizes of a ball");
            using (var segment = Shape.Segment(new CollVec3(0, 0, 0), new CollVec3(1, 0, 0)))
            {
                Throws<CollisionException>(() => segment.MassProperties(1.0), "a segment's mass", CollStatus.Unsupported);
            }
        }
    }

    static void Handles()
    {
        var ball = Shape.Ball(1.0);
        ball.Dispose();
        ball.Dispose();
        Check(ball.IsClosed, "disposed twice, closed once");
        using (var other = Shape.Ball(1.0))
        {
            Throws<ObjectDisposedException>(() => Queries.Distance(ball, At(0, 0, 0), other, At(3, 0, 0)), "a disposed shape");
            Throws<ObjectDisposedException>(() => ball.CastRay(At(0, 0, 0), new CollVec3(-5, 0, 0), new CollVec3(1, 0, 0)), "a ray on a disposed shape");
        }
        var cache = new ContactCache();
        cache.Dispose();
        Throws<ObjectDisposedException>(() => cache.Clear(), "a disposed cache");
        // Shapes nobody disposed are released by their finalizers.
        for (int i = 0; i < 2000; i++)
        {
            Shape.Cuboid(new CollVec3(1, 2, 3));
        }
        GC.Collect();
        GC.WaitForPendingFinalizers();
        using (var box = Shape.Cuboid(new CollVec3(1, 1, 1)))
        {
            Near(box.MassProperties(1.0).Mass, 8.0, 1e-12, "shapes still made after the finalizers ran");
        }
    }

    static void UserShapes()
    {
        // A ball of radius 0.75 given by its support function, against the library's.
        Func<CollVec3, CollVec3> sphere = d =>
        {
            double length = Math.Sqrt(d.X * d.X + d.Y * d.Y + d.Z * d.Z);
            return length == 0 ? new CollVec3(0.75, 0, 0) : new CollVec3(0.75 * d.X / length, 0.75 * d.Y / length, 0.75 * d.Z / length);
        };
        using (var user = Shape.FromSupport(sphere, new CollVec3(0, 0, 0)))
        using (var ball = Shape.Ball(0.75))
        using (var box = Shape.Cuboid(new CollVec3(0.5, 0.5, 0.5)))
        {
            var pose = At(2.0, 0.3, -0.4);
            Near(Queries.Distance(user, At(0, 0, 0), box, pose).Value, Queries.Distance(ball, At(0, 0, 0), box, pose).Value, 1e-9, "a user ball's distance");
            Rounded(sphere);
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        bool fail = false;
        using (var moody = Shape.FromSupport(d =>
        {
            if (fail) throw new InvalidOperationException("no support today");
            return sphere(d);
        }))
        using (var ball = Shape.Ball(1.0))
        {
            fail = true;
            Throws<CollisionException>(() => Queries.Distance(moody, At(0, 0, 0), ball, At(3, 0, 0)), "a throwing support function", CollStatus.CallbackNonFinite);
            fail = false;
            Near(Queries.Distance(moody, At(0, 0, 0), ball, At(3, 0, 0)).Value, 1.25, 1e-9, "the shape still usable after");
        }
        // A "ball" that grows a little at every support query: GJK cannot converge on
        // it, and says so with its best answer.
        int calls = 0;
        using (var growing = Shape.FromSupport(d =>
        {
            calls++;
            var p = sphere(d);
            double grow = (1 + 1e-6 * calls) / 0.75;
            return new CollVec3(p.X * grow, p.Y * grow, p.Z * grow);
        }))
        using (var ball = Shape.Ball(1.0))
        {
            try
            {
                Queries.Distance(growing, At(0, 0, 0), ball, At(3, 0.3, 0));
                Check(false, "a growing shape converged");
            }
            catch (NotConvergedException<CollDistance> e)
            {
                Check(e.Status == CollStatus.NotConverged && e.Message.Contains("did not converge"), "not converged: " + e.Message);
                var answer = e.Answer;
                Check(answer.LowerBound <= answer.Value && answer.Value > 0.9 && answer.Value < 1.1, "its best answer and bounds: " + answer.Value + ", " + answer.LowerBound);
            }
        }
        using (var nan = Shape.FromSupport(d => new CollVec3(double.NaN, 0, 0)))
        using (var ball = Shape.Ball(1.0))
        {
            Throws<CollisionException>(() => Queries.Intersects(nan, At(0, 0, 0), ball, At(3, 0, 0)), "a NaN support point", CollStatus.CallbackNonFinite);
        }
    }

    /// <summary>A rounded copy of a user shape outlives the shape it was made from: the
    /// support delegate stays alive through it.</summary>
    static void Rounded(Func<CollVec3, CollVec3> sphere)
    {
        Shape rounded;
        using (var inner = Shape.FromSupport(d => sphere(d)))
        {
            rounded = Shape.Rounded(inner, 0.25);
        }
        GC.Collect();
        GC.WaitForPendingFinalizers();
        using (rounded)
        using (var ball = Shape.Ball(1.0))
        {
            Near(Queries.Distance(rounded, At(0, 0, 0), ball, At(3, 0, 0)).Value, 1.0, 1e-9, "a rounded user ball after its inner shape went");
        }
    }

    static void Batches()
    {
        var random = new Random(7);
        const int count = 40;
        var shapes = new Shape[count];
        var poses = new CollPose[count];
        for (int i = 0; i < count; i++)
        {
            shapes[i] = i % 2 == 0 ? Shape.Ball(0.2 + random.NextDouble()) : Shape.Cuboid(new CollVec3(0.5, 0.3 + random.NextDouble(), 0.4));
            poses[i] = At(4 * random.NextDouble(), 4 * random.NextDouble(), 4 * random.NextDouble());
        }
        var pairs = new uint[2 * 200];
        for (int k = 0; k < pairs.Length; k++)
        {
            pairs[k] = (uint)random.Next(count);
        }
        var distances = new CollDistance[200];
        var touching = new bool[200];
        var contacts = new CollContact[200];
        var statuses = new CollStatus[200];
        Queries.BatchDistance(shapes, poses, pairs, distances, statuses);
        int same = 0;
        for (int k = 0; k < 200; k++)
        {
            Shape a = shapes[pairs[2 * k]], b = shapes[pairs[2 * k + 1]];
            CollPose pa = poses[pairs[2 * k]], pb = poses[pairs[2 * k + 1]];
            if (statuses[k] == CollStatus.Ok && distances[k].Value == Queries.Distance(a, pa, b, pb).Value)
            {
                same++;
            }
        }
        Check(same == 200, "batch distances are the single calls' (" + same + " of 200)");
        Queries.BatchIntersects(shapes, poses, pairs, touching, statuses);
        Queries.BatchContact(shapes, poses, pairs, 0.5, contacts, statuses);
        int agree = 0;
        for (int k = 0; k < 200; k++)
        {
            var single = Queries.Contact(shapes[pairs[2 * k]], poses[pairs[2 * k]], shapes[pairs[2 * k + 1]], poses[pairs[2 * k + 1]], 0.5);
            bool contactAgrees = contacts[k].InRange == single.HasValue && (!single.HasValue || contacts[k].Separation == single.Value.Separation);
            if (statuses[k] == CollStatus.Ok && touching[k] == (distances[k].Value == 0) && contactAgrees)
            {
                agree++;
            }
        }
        Check(agree == 200, "batch intersections and contacts are the single calls' (" + agree + " of 200)");
        Throws<ArgumentException>(() => Queries.BatchDistance(shapes, new CollPose[3], pairs, distances, statuses), "a pose short", mentions: "3 poses");
        Throws<ArgumentException>(() => Queries.BatchDistance(shapes, poses, new uint[3], distances, statuses), "an odd index count");
        Throws<ArgumentException>(() => Queries.BatchDistance(shapes, poses, pairs, new CollDistance[3], statuses), "results short");
        var bad = (uint[])pairs.Clone();
        bad[5] = count + 3;
        Queries.BatchDistance(shapes, poses, bad, distances, statuses);
        Check(statuses[2] == CollStatus.InvalidArgument && distances[2].Value == 0 && statuses[3] == CollStatus.Ok, "an index out of range is that pair's status: " + statuses[2]);
        var nan = (CollPose[])poses.Clone();
        nan[pairs[0]].Position.X = double.NaN;
        Queries.BatchDistance(shapes, nan, pairs, distances, statuses);
        Check(statuses[0] == CollStatus.NonFinite, "a NaN pose is its pairs' status: " + statuses[0]);
        shapes[1].Dispose();
        Throws<ObjectDisposedException>(() => Queries.BatchDistance(shapes, poses, pairs, distances, statuses), "a disposed shape in a batch");
        Throws<ArgumentNullException>(() => Queries.BatchDistance(new Shape[] { shapes[0], null }, new CollPose[2], new uint[0], new CollDistance[0], new CollStatus[0]), "a null shape in a batch");
        foreach (var shape in shapes)
        {
            shape.Dispose();
        }
    }
}
